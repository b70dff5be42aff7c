import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import pg from "pg";
import { createCookie } from "react-router";
import { type NewMember, newMember } from "./members.ts";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_DATABASE_URL } from "./server-env.ts";

/**
 * Signed-in people for journeys that test something other than registering (issue 28): registering
 * through the forms costs a journey several seconds of pages, an SMS code and axe checks, and is
 * itself tested in members-auth.spec.ts and members-account.spec.ts.
 *
 * - The shop's admin: one per run, registered through /register by sign-in.setup.ts and saved as a
 *   Playwright storage state; a journey takes it with `test.use({ storageState: ADMIN_STATE })` or
 *   `signInAsAdmin(context)`.
 * - A member of a journey's own (an empty cart, their own orders and balance): `signInNewMember`
 *   writes the member and a session into the e2e server's database as /register leaves them, and
 *   hands the browser the session cookie the server would have set.
 */

/** Kept apart from the server's data directory, which the server's start empties. */
const SESSIONS_DIR = `${E2E_DATA_DIR}-sessions`;
export const ADMIN_STATE = path.join(SESSIONS_DIR, "admin.json");
const ADMIN_MEMBER = path.join(SESSIONS_DIR, "admin-member.json");

/** sign-in.setup.ts: the admin's storage state and who they are. */
export async function saveAdmin(context: BrowserContext, admin: NewMember): Promise<void> {
  fs.mkdirSync(SESSIONS_DIR, { recursive: true });
  await context.storageState({ path: ADMIN_STATE });
  fs.writeFileSync(ADMIN_MEMBER, JSON.stringify(admin));
}

/** The run's admin, as sign-in.setup.ts registered them. */
export function theAdmin(): NewMember {
  return JSON.parse(fs.readFileSync(ADMIN_MEMBER, "utf8")) as NewMember;
}

/** Signs `context` in as the run's admin (its other cookies go): for a journey whose page changes hands. */
export async function signInAsAdmin(context: BrowserContext): Promise<NewMember> {
  const state = JSON.parse(fs.readFileSync(ADMIN_STATE, "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await context.clearCookies();
  await context.addCookies(state.cookies);
  return theAdmin();
}

/**
 * The session cookie as app/auth/session.server.ts writes it outside production: `gather_session`,
 * not signed (no secrets), its value encoded by react-router's createCookie.
 */
const sessionCookie = createCookie("gather_session");

async function sessionCookieValue(token: string): Promise<string> {
  const header = await sessionCookie.serialize(token);
  return header.slice("gather_session=".length).split(";")[0]!;
}

export async function sql<Row extends Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A 30-day session, as the server's createSession makes it (sessions hold the token's sha256). */
async function newSession(memberId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await sql(
    `insert into sessions (token_hash, member_id, expires_at, ip)
     values ($1, $2, now() + interval '30 days', '127.0.0.1')`,
    [createHash("sha256").update(token).digest("hex"), memberId],
  );
  return token;
}

type MemberOptions = { type?: "member" | "admin"; referrer?: string };

/**
 * A member of the journey's own, written as /register leaves one (with `referrer`, the two
 * neighbours rows and the referral discount); `type: "admin"` makes them an admin at once. Returns
 * a session token for them.
 */
export async function createMember(
  member: NewMember = newMember(),
  { type = "member", referrer }: MemberOptions = {},
): Promise<string> {
  const [row] = await sql<{ id: string; referrer_id: string | null }>(
    `insert into members (phone, first_name, last_name, email, type, referrer_id, referral_discount, last_login)
     select $1, $2, $3, $4, $5, r.id, case when r.id is null then 0 else 1 end, now()
       from (select 1) one left join members r on r.phone = $6
     returning id, referrer_id`,
    [member.phone, member.firstName, member.lastName, member.email, type, referrer ?? null],
  );
  if (referrer) {
    if (!row!.referrer_id) throw new Error(`no member ${referrer} to refer ${member.phone}`);
    await sql(
      `insert into neighbors (member_id, neighbor_id, type) values ($1, $2, 'referee'), ($2, $1, 'referrer')`,
      [row!.referrer_id, row!.id],
    );
  }
  return newSession(row!.id);
}

/** `createMember`, signed in on `page`'s browser context with the cookie the server would have set. */
export async function signInNewMember(
  page: Page,
  member: NewMember = newMember(),
  options: MemberOptions = {},
): Promise<NewMember> {
  const token = await createMember(member, options);
  await page.context().addCookies([
    {
      name: "gather_session",
      value: await sessionCookieValue(token),
      url: E2E_BASE_URL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  return member;
}
