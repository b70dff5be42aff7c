import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLogger, maskPhones, redactUrl } from "./logger.ts";

const PHONE = "91234567";

/** A logger writing into an array, as the shop's writes to stdout. */
function capture(level = "debug") {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, lines, text: () => lines.join("") };
}

/** What pg rejects with on a unique violation: the row's value in `detail`. */
function uniqueViolation() {
  return Object.assign(new Error('duplicate key value violates unique constraint "members_phone_unique"'), {
    code: "23505",
    severity: "ERROR",
    table: "members",
    constraint: "members_phone_unique",
    detail: `Key (phone)=(${PHONE}) already exists.`,
    where: `SQL statement "insert … values ('${PHONE}', '陳大文')"`,
  });
}

describe("the shop's logger (issue 44 item 8)", () => {
  it("logs a failed query's SQL and its PostgreSQL code, never its parameters nor the row in detail", () => {
    const { log, text, lines } = capture();
    const failed = new DrizzleQueryError(
      'insert into "members" ("phone", "last_name", "first_name") values ($1, $2, $3)',
      [PHONE, "陳", "大文"],
      uniqueViolation(),
    );
    log.error({ err: failed }, "request failed");
    log.error(failed, "route failed");
    expect(text()).not.toContain(PHONE);
    expect(text()).not.toContain("大文");
    const [first] = lines.map((line) => JSON.parse(line));
    expect(first.err.message).toBe(
      'Failed query: insert into "members" ("phone", "last_name", "first_name") values ($1, $2, $3)',
    );
    expect(first.err.stack).not.toContain("params:");
    expect(first.err.cause).toMatchObject({ code: "23505", constraint: "members_phone_unique" });
    expect(first.err.cause.detail).toBeUndefined();
  });

  it("keeps a data error's kind but not the value PostgreSQL quotes", () => {
    const { log, text } = capture();
    const refused = Object.assign(new Error('invalid input syntax for type integer: "陳大文 9123 4567"'), {
      code: "22P02",
      severity: "ERROR",
    });
    log.warn({ err: refused }, "bad value");
    expect(text()).toContain("invalid input syntax for type integer");
    expect(text()).not.toContain("陳大文");
    expect(text()).not.toContain("4567");
  });

  it("redacts recipients, message bodies, codes, tokens and phones wherever a call puts them", () => {
    const { log, text } = capture();
    log.info({ sms: { to: `+852${PHONE}`, body: "你的驗證碼是 246810" } }, "SMS kept in the outbox");
    log.info({ email: { to: "chan@example.hk", subject: "訂單" } }, "email kept in the outbox");
    log.info({ phone: PHONE, code: "246810", token: "secret-token" }, "sign-in");
    log.info(`member ${PHONE} and +852 9123 4567 called`);
    log.debug({ postgres: "DETAIL:  Key (email)=(chan.tai-man@example.hk) already exists." });
    expect(text()).not.toMatch(/91234567|9123 4567|246810|secret-token|chan@example\.hk/);
    expect(text()).toContain("9123****");
    expect(text()).toContain("***@example.hk");
  });

  it("masks personal query values and pickup codes in URLs, and keeps the rest", () => {
    expect(redactUrl(`/dev/outbox?to=${PHONE}`)).toBe("/dev/outbox?to=[Redacted]");
    expect(redactUrl("/admin/member?q=%E9%99%B3&page=2")).toBe("/admin/member?q=[Redacted]&page=2");
    expect(redactUrl("/pickup/order/ABCD23?x=1")).toBe("/pickup/order/[Redacted]?x=1");
    expect(redactUrl("/all?sort=price-asc")).toBe("/all?sort=price-asc");
    const { log, text } = capture();
    log.info({ url: `/login?phone=${PHONE}&redirectTo=%2Fcart` }, "request");
    expect(text()).not.toContain(PHONE);
    expect(text()).toContain("redirectTo=%2Fcart");
  });

  it("leaves numbers that are not in a string alone, so every line stays JSON", () => {
    const { log, lines } = capture();
    log.info({ credited: 91_234_567, ids: [51_000_001, 2] }, "order cycle settled");
    expect(JSON.parse(lines[0]!)).toMatchObject({ credited: 91_234_567, ids: [51_000_001, 2] });
    expect(maskPhones('{"a":"x 51000001 y","b":51000001}')).toBe('{"a":"x 5100**** y","b":51000001}');
    // Ids and times that merely contain eight digits are not phones.
    expect(maskPhones('{"requestId":"12345678-1234-4234-8234-123456789012","t":"a91234567b"}')).toBe(
      '{"requestId":"12345678-1234-4234-8234-123456789012","t":"a91234567b"}',
    );
  });
});
