import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkJsonBody, readGuardedText } from "./request-body.server.ts";

/** Issue 44 item 5: the body guard for JSON and for a webhook's text (no database needed). */

const schema = z.object({ path: z.string().startsWith("/"), tags: z.array(z.string()).optional() });
const json = "application/json";
const check = (body: string | Uint8Array, contentType = json) =>
  checkJsonBody(typeof body === "string" ? new TextEncoder().encode(body) : body, contentType, {
    schema,
    maxBytes: 1024,
  });

describe("checkJsonBody", () => {
  it("reads a body its schema takes", () => {
    expect(check('{"path":"/a","tags":["x"]}')).toEqual({
      status: "read",
      data: { path: "/a", tags: ["x"] },
    });
    expect(check('{"path":"/a"}', "application/json; charset=utf-8").status).toBe("read");
  });

  it.each([
    ['{"path":"/a"}', "text/plain", "not_a_form", 415],
    [`{"path":"/${"a".repeat(2_000)}"}`, json, "too_large", 413],
    ['{"path":"/a\u0000"}', json, "nul", 400],
    ['{"path":"/a\\u0000"}', json, "nul", 400],
    ['{"path":"/a","tags":["\\u0000"]}', json, "nul", 400],
    ['{"path":"/a","extra":1}', json, "bad_name", 400],
    ['{"path":"/a","__proto__":{"x":1}}', json, "bad_name", 400],
    ['{"path":"/a","tags":{"5000":"x"}}', json, "bad_name", 400],
    ['{"path":', json, "unreadable", 400],
    ['{"path":"a"}', json, "unreadable", 400],
    ["null", json, "unreadable", 400],
  ])("refuses %j (%s) as %s, %i", (body, type, reason, status) => {
    expect(check(body, type)).toEqual({ status: "refused", reason, httpStatus: status });
  });

  it("refuses bytes that are not UTF-8, and more keys than a form may have", () => {
    expect(check(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ reason: "unreadable" });
    const many = JSON.stringify({ path: "/", tags: Array(1_001).fill("x") });
    expect(checkJsonBody(new TextEncoder().encode(many), json, { schema, maxBytes: 100_000 })).toMatchObject({
      reason: "bad_name",
    });
  });
});

describe("readGuardedText", () => {
  const post = (body: BodyInit, type = json) =>
    new Request("http://shop.test/payment/webhook/stripe", {
      method: "POST",
      headers: { "content-type": type },
      body,
    });
  const rules = { maxBytes: 64, contentType: /^application\/json\s*(;|$)/i };

  it("gives the text unchanged, and refuses another type, a large body, a NUL or bad UTF-8", async () => {
    expect(await readGuardedText(post('{"id":"evt_1"}'), rules)).toEqual({
      status: "read",
      text: '{"id":"evt_1"}',
    });
    expect(await readGuardedText(post("{}", "text/plain"), rules)).toMatchObject({ httpStatus: 415 });
    expect(await readGuardedText(post("x".repeat(65)), rules)).toMatchObject({ httpStatus: 413 });
    expect(await readGuardedText(post('{"a":"\u0000"}'), rules)).toMatchObject({ reason: "nul" });
    expect(await readGuardedText(post(new Uint8Array([0x7b, 0xc3, 0x7d])), rules)).toMatchObject({
      reason: "unreadable",
    });
  });
});
