import { desc, eq } from "drizzle-orm";
import { outboxMessages } from "~/db/schema/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";

/** Messages kept by the outbox providers; `list` backs GET /dev/outbox (DESIGN §7). */
export function createOutboxService({ db }: ServiceDeps) {
  return {
    async save(message: { channel: "sms" | "email"; to: string; subject?: string; body: string }) {
      await db.insert(outboxMessages).values({
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        body: message.body,
      });
    },

    async list(to: string) {
      return db
        .select({
          channel: outboxMessages.channel,
          to: outboxMessages.to,
          subject: outboxMessages.subject,
          body: outboxMessages.body,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(50);
    },
  };
}
