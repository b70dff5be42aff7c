import { describe, expect, it } from "vitest";
import { isValidHost } from "./request-guards.ts";

describe("isValidHost (issue 44 item 6)", () => {
  it.each([
    "localhost",
    "127.0.0.1",
    "127.0.0.1:3000",
    "gather.hk",
    "www.gather.hk:443",
    "[::1]",
    "[::1]:3000",
    "[2001:db8::1]:65535",
    "app_1.internal:8080",
    "gather.hk.",
    "10.0.0.5:3000",
  ])("takes %s", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    undefined,
    "",
    " ",
    "a b",
    "[::1",
    "::1",
    "[::1]]",
    "[zz::1]",
    "x:99999",
    "x:0",
    "x:",
    ":80",
    "a/b",
    "a@b",
    "a?b",
    "a#b",
    "a\\b",
    "a:b",
    "a:80:80",
    "-a",
    ".a",
    "例子.香港",
    "a%20b",
    "a".repeat(300),
    "1.2.3.4.5",
    "999.1.1.1",
    "1.2.3.256:80",
    "4294967296",
  ])("refuses %j", (host) => {
    expect(isValidHost(host)).toBe(false);
  });
});
