import type { Page } from "@playwright/test";
import pg from "pg";
import { outboxTo } from "./outbox.ts";
import { E2E_DATABASE_URL } from "./server-env.ts";
import { expect, expectToast, visit } from "./test.ts";

/**
 * Signing in and registering in journeys. Every journey posts from 127.0.0.1 and SMS codes are
 * capped per IP (DESIGN §4.14); the e2e server trusts X-Forwarded-For from loopback (TRUST_PROXY), so each spec
 * plays its customers from an address of its own (RFC 2544 test range): `test.use(customerHeaders())`.
 */
export function customerHeaders() {
  const ip = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  return { extraHTTPHeaders: { "x-forwarded-for": ip } };
}

/** A fresh Hong Kong mobile number, so reruns against a reused database never collide. */
export function newPhone(first: "5" | "6" | "9" = "6"): string {
  return `${first}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

/** The newest 6-digit code sent to `phone`, read back from the demo outbox (DESIGN §7). */
export async function codeFor(page: Page, phone: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const messages = await outboxTo(page, phone);
      // The newest sign-in code: the shop's other messages (an order's, say) may be newer. It is in
      // the language of the page that asked for it (issue 48).
      const sent = messages.find((message) => /驗證碼|verification code/.test(message.body));
      code = sent?.body.match(/\b\d{6}\b/)?.[0] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Moves every code sent to `phone` `ms` into the past in the e2e server's database, as if that much
 * time had gone by since: a journey past the 60 s between two codes (DESIGN §4.14) does not wait
 * it out (issue 28: time is given, not slept).
 */
export async function ageCodes(phone: string, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const moved = await client.query(
      `update verification_codes
          set created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2)
        where phone = $1`,
      [phone, ms / 1000],
    );
    expect(moved.rowCount, `codes sent to ${phone}`).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

export interface NewMember {
  phone: string;
  lastName: string;
  firstName: string;
  email: string;
}

export function newMember(lastName = "陳", firstName = "大文"): NewMember {
  const phone = newPhone();
  return { phone, lastName, firstName, email: `member${phone}@example.hk` };
}

/** Registers through /register and lands on /success-registration, signed in. */
export async function register(page: Page, member: NewMember = newMember()): Promise<NewMember> {
  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(member.phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expectToast(page, "驗證碼已發送");
  await page.getByLabel("驗證碼").fill(await codeFor(page, member.phone));
  await page.getByLabel("姓氏").fill(member.lastName);
  await page.getByLabel("名字").fill(member.firstName);
  await page.getByLabel("電郵").fill(member.email);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
  return member;
}
