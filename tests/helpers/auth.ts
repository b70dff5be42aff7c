import { eq } from "drizzle-orm";
import pino from "pino";
import type { Db } from "../../app/db/client.server.ts";
import { members, sessions } from "../../app/db/schema/index.ts";
import { parseEnv } from "../../app/env.server.ts";
import type { SmsMessage, SmsProvider } from "../../app/integrations/sms/sms-provider.ts";
import { createServices, type Services } from "../../app/services/context.server.ts";

// Helpers for the sign-in, registration and session tests.

let sequence = 0;

/** A Hong Kong mobile number no other test in this process uses (8 digits, starts with 9). */
export function uniquePhone(): string {
  sequence += 1;
  return `9${String(process.pid % 1000).padStart(3, "0")}${String(sequence).padStart(4, "0")}`;
}

/** Distinct client addresses, so per-IP caps of one test never reach another. */
export function uniqueIp(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export async function createMember(
  db: Db,
  fields: Partial<typeof members.$inferInsert> = {},
): Promise<typeof members.$inferSelect> {
  const phone = fields.phone ?? uniquePhone();
  const [row] = await db
    .insert(members)
    .values({
      phone,
      firstName: "大文",
      lastName: "陳",
      email: `member${phone}@example.hk`,
      ...fields,
    })
    .returning();
  return row!;
}

/** The 6-digit code in an SMS body (the body also holds other numbers, e.g. the minutes). */
export function codeIn(body: string): string {
  const found = body.match(/(?<!\d)\d{6}(?!\d)/g) ?? [];
  if (found.length !== 1) throw new Error(`expected exactly one 6-digit code in: ${body}`);
  return found[0]!;
}

export interface RecordingSms extends SmsProvider {
  sent: SmsMessage[];
  /** The code of the newest message to `phone`. */
  lastCode(phone: string): string;
  /** Makes the next sends fail with `error` (until set back to undefined). */
  failWith: Error | undefined;
}

/** An SMS provider that keeps messages in memory (or fails on demand). */
export function recordingSms(): RecordingSms {
  const sms: RecordingSms = {
    name: "recording",
    sent: [],
    failWith: undefined,
    async send(message) {
      if (sms.failWith) throw sms.failWith;
      sms.sent.push(message);
    },
    lastCode(phone) {
      const last = sms.sent.findLast((message) => message.to === phone);
      if (!last) throw new Error(`no SMS was sent to ${phone}`);
      return codeIn(last.body);
    },
  };
  return sms;
}

/** The server's services on a test database, with a given SMS provider and a silent log. */
export function servicesWithSms(db: Db, sms: SmsProvider): Services {
  return createServices({ db, log: pino({ level: "silent" }), env: parseEnv({}) }, { sms });
}

export async function sessionsOf(db: Db, memberId: string) {
  return db.select().from(sessions).where(eq(sessions.memberId, memberId));
}

export async function memberByPhone(db: Db, phone: string) {
  const [row] = await db.select().from(members).where(eq(members.phone, phone));
  return row ?? null;
}
