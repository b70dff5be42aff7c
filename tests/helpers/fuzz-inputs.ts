import fc from "fast-check";

/**
 * What the route fuzz test (tests/integration/fuzz-routes-http.test.ts) sends: plausible and
 * hostile values, query strings, bodies of every content type, and route parameters.
 */

/** Percent-encodes every byte of the text's UTF-8 but the unreserved ones (lone surrogates become U+FFFD). */
function encode(text: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const nasty = fc.constantFrom(
  "",
  "\0",
  "a\0b",
  "\r\n",
  "x\r\nSet-Cookie: a=b",
  "/\r\n/evil.example",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "\uFFFF",
  "\uD800",
  "陳大文",
  "👩‍👩‍👧",
  "-1",
  "0",
  "1",
  "2",
  "1.5",
  "1e309",
  "NaN",
  "999",
  "2147483648",
  "99999999999999999999",
  "' or 1=1 --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "null",
  "[]",
  "{}",
  "true",
  "on",
  "a".repeat(5_000),
);
const plausible = fc.constantFrom(
  "send-code",
  "login",
  "place",
  "draft",
  "add",
  "increase",
  "remove",
  "select",
  "selectAll",
  "delete",
  "deactivate",
  "publish",
  "settle",
  "markPaid",
  "cancel",
  "ready",
  "reply",
  "close",
  "upload",
  "commit",
  "discard",
  "create",
  "update",
  "reorder",
  "adjust",
  "save",
  "send",
  "test",
  "success",
  "fail",
  "payme",
  "card",
  "opted-in",
  "selected",
  "12345678",
  "91000001",
  "general",
  "limited",
  "instock",
  "kg",
  "unlimited",
  "set",
  "up",
  "down",
  "a@example.com",
);
const value = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 3, arbitrary: plausible },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: -10, max: 3_000_000_000 }).map(String) },
);

const queryNames = fc.constantFrom(
  "q",
  "page",
  "pageSize",
  "sort",
  "name",
  "cat",
  "category",
  "brand",
  "merchant",
  "mode",
  "order",
  "placed",
  "ref",
  "token",
  "redirectTo",
  "phone",
  "cycle",
  "view",
  "status",
  "point",
  "method",
  "level",
  "id",
  "scope",
  "product",
  "unweighed",
  "print",
  "show",
  "type",
  "promo",
  "published",
  "stock",
  "reason",
  "area",
  "district",
  "from",
  "to",
  "to[]",
  "_routes",
  "index",
  "x[99999999]",
);
const fieldNames = fc.constantFrom(
  "intent",
  "phone",
  "code",
  "redirectTo",
  "referrer",
  "lastName",
  "firstName",
  "email",
  "pickupPointId",
  "productId",
  "productIds",
  "idempotencyKey",
  "remark",
  "discountCode",
  "ageConfirmed",
  "cycle",
  "only",
  "lines[0].lineId",
  "lines[0].weight",
  "lines[150].weight",
  "lines[99999999].weight",
  "ids",
  "ids[0]",
  "id",
  "direction",
  "name",
  "slug",
  "token",
  "method",
  "outcome",
  "scope",
  "kind",
  "quantity",
  "amountDollars",
  "note",
  "subject",
  "body",
  "message",
  "images[0]",
  "cycleId",
  "file",
  "folder",
  "x[10000000]",
  "x[99999999][a]",
  "a..b",
  "a]",
  "[0]",
  "__proto__",
  "constructor",
  "__proto__.polluted",
  "__intent__",
  "__state__",
  "",
);
/** Names real forms use: a body of these alone gets past the form guard to the schemas and services. */
const formNames = fc.constantFrom(
  "intent",
  "phone",
  "code",
  "pickupPointId",
  "productId",
  "productIds",
  "remark",
  "discountCode",
  "ageConfirmed",
  "idempotencyKey",
  "cycle",
  "only",
  "lines[0].lineId",
  "lines[0].weight",
  "ids",
  "id",
  "name",
  "email",
  "lastName",
  "firstName",
  "message",
  "token",
  "method",
  "outcome",
);
const field = fc.tuple(
  fc.oneof({ weight: 4, arbitrary: fieldNames }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
  value,
);

export const query = fc.oneof(
  { weight: 1, arbitrary: fc.constant("") },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(queryNames, fc.string({ maxLength: 8 })), value), { maxLength: 4 })
      .map((pairs) => `?${pairs.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&")}`),
  },
  // Percent escapes as a script types them: broken, overlong, NUL.
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.constantFrom("%", "%0", "%00", "%zz", "%C0%80", "%ED%A0%80", "%FF", "&", "=", "a", "+", "%0D%0A"),
        {
          maxLength: 8,
        },
      )
      .map((parts) => `?q=${parts.join("")}`),
  },
);

const boundary = "----gatherfuzz";
export type Body = { contentType: string | undefined; body: string | undefined };
export const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ contentType: undefined, body: undefined }),
  fc.array(fc.tuple(formNames, value), { minLength: 1, maxLength: 5 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: fields.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&"),
  })),
  fc.array(field, { maxLength: 6 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: fields.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&"),
  })),
  fc.array(field, { maxLength: 6 }).map((fields) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `${fields
      .map(
        ([name, text]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
      )
      .join("")}--${boundary}--\r\n`,
  })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/json",
        "application/xml",
        "multipart/form-data",
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/octet-stream",
        "",
      ),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.array(field, { maxLength: 4 }).map((fields) => JSON.stringify(Object.fromEntries(fields))),
        fc.constantFrom("{", "null", "[1,2]", "\0\0\0", "a=b&c=d", '{"intent":"send-code","phone":"1"}'),
      ),
    )
    .map(([contentType, text]) => ({ contentType, body: text })),
);

export const paramValue = (param: string) =>
  fc.constantFrom(
    ...(param === "*"
      ? ["nowhere", "a/b/c", "%E4%B8%AD", "%2e%2e/%2e%2e", "x.data", "..", "%FF"]
      : [
          "1",
          "2",
          "3",
          "5",
          "0",
          "-1",
          "999999",
          "2147483648",
          "99999999999999999999",
          "abc",
          "1.5",
          "%E4%B8%AD",
          "%FF",
          "%25",
          "x%0Dy",
          "__ADMIN__",
        ]),
  );
