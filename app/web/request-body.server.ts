import { data } from "react-router";
import type { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import { t } from "~/i18n/index.ts";

/**
 * Issue 26 items 2 and 7: the one place a form post is read. Every action that reads a body calls
 * `readForm` (or `readGuardedForm`) instead of `request.formData()`, so before any field name is
 * turned into nested objects and arrays (Conform's parser would build a 10-million-element array
 * from `x[10000000]=1`, CVE-2014-7191's class) the body is refused when it is not a form, is too
 * big, has too many fields, names a list index past `FORM_MAX_INDEX`, names a field the form's
 * schemas do not know, or carries a NUL byte (PostgreSQL refuses those in text). What is refused is
 * never parsed, so nothing unknown is echoed back in a submission's reply.
 */

/** Any form but an upload: the server refuses larger bodies by their length already. */
const FORM_MAX_BYTES = 1024 * 1024;
/**
 * The most fields a form may send. The largest forms: the weighing form (2 per line, 100 lines a
 * page, WEIGH_MAX_LINES), the member export (200 ticked ids, EXPORT_SELECTION_MAX), checkout (200
 * product ids).
 */
const FORM_MAX_FIELDS = 1000;
/** The highest list index in a field name (`lines[99].weight`): the weighing form's 100 lines. */
const FORM_MAX_INDEX = 200;

export interface FormRules {
  /** The schemas the form is parsed with: every field name must be known to one of them. */
  schemas?: readonly $ZodType[];
  /** Names read straight from the form (an `intent` button, `redirectTo`), outside the schemas. */
  names?: readonly string[];
  /** Bytes; `FORM_MAX_BYTES` unless the form carries a file. */
  maxBytes?: number;
}

export type FormRefusal = "not_a_form" | "too_large" | "unreadable" | "too_many_fields" | "bad_name" | "nul";
export type GuardedForm =
  | { status: "read"; formData: FormData }
  | { status: "refused"; reason: FormRefusal; httpStatus: number };

const STATUS: Record<FormRefusal, number> = {
  not_a_form: 415,
  too_large: 413,
  unreadable: 400,
  too_many_fields: 400,
  bad_name: 400,
  nul: 400,
};

/** The form, or a thrown 4xx response (415, 413 or 400) with a short zh-HK message. */
export async function readForm(request: Request, rules: FormRules): Promise<FormData> {
  const form = await readGuardedForm(request, rules);
  if (form.status === "read") return form.formData;
  refuseForm(form, rules);
}

/** Throws the 4xx response for a refused form (the rest of a too large body is not read: the socket closes). */
export function refuseForm(form: { reason: FormRefusal; httpStatus: number }, rules: FormRules = {}): never {
  const message =
    form.reason === "too_large"
      ? t("error.tooLarge", { megabytes: Math.round((rules.maxBytes ?? FORM_MAX_BYTES) / 1024 ** 2) })
      : t("error.badRequest");
  throw data(message, {
    status: form.httpStatus,
    headers: form.reason === "too_large" ? { connection: "close" } : {},
  });
}

/** As `readForm`, but the refusal is returned, for a route that answers it in its own words. */
export async function readGuardedForm(request: Request, rules: FormRules): Promise<GuardedForm> {
  const refuse = (reason: FormRefusal): GuardedForm => ({
    status: "refused",
    reason,
    httpStatus: STATUS[reason],
  });
  const contentType = request.headers.get("content-type") ?? "";
  // A post with no body at all (a script's bare sign-out) is a form without fields.
  if (
    !contentType &&
    !request.headers.get("transfer-encoding") &&
    !Number(request.headers.get("content-length"))
  ) {
    return { status: "read", formData: new FormData() };
  }
  const kind = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)
    ? "urlencoded"
    : /^multipart\/form-data\s*;/i.test(contentType)
      ? "multipart"
      : null;
  if (!kind) return refuse("not_a_form");
  const limit = rules.maxBytes ?? FORM_MAX_BYTES;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return refuse("too_large");
  const body = await readCapped(request, limit);
  if (!body) return refuse("too_large");

  // Counted on the raw bytes, before the body becomes a FormData.
  const separator =
    kind === "urlencoded" ? Buffer.from("&") : Buffer.from(`--${multipartBoundary(contentType) ?? ""}`);
  if (separator.length < 3 && kind === "multipart") return refuse("unreadable");
  if (occurrences(body, separator, FORM_MAX_FIELDS + 2) > FORM_MAX_FIELDS) return refuse("too_many_fields");

  let formData: FormData;
  try {
    formData = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return refuse("unreadable");
  }
  const known = new Set(rules.names ?? []);
  const schemas = rules.schemas ?? [];
  let count = 0;
  for (const [name, value] of formData) {
    if (++count > FORM_MAX_FIELDS) return refuse("too_many_fields");
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return refuse("nul");
    if (known.has(name)) continue;
    const path = fieldPath(name);
    if (!path || !schemas.some((schema) => knowsPath(schema, path))) return refuse("bad_name");
  }
  return { status: "read", formData };
}

/**
 * Issue 44 item 5: the same guard for a JSON body (a page view answered by Express, any JSON an
 * endpoint reads), on its raw bytes: a JSON content type (415), at most `maxBytes` (413), UTF-8
 * without NUL, at most `FORM_MAX_FIELDS` keys, every key a field the schema knows and no NUL in any
 * key or string (400), then the schema itself (400).
 */
export function checkJsonBody<T>(
  body: Uint8Array,
  contentType: string,
  rules: { schema: z.ZodType<T>; maxBytes?: number },
): { status: "read"; data: T } | { status: "refused"; reason: FormRefusal; httpStatus: number } {
  const refuse = (reason: FormRefusal) => ({
    status: "refused" as const,
    reason,
    httpStatus: STATUS[reason],
  });
  if (!/^application\/json\s*(;|$)/i.test(contentType)) return refuse("not_a_form");
  if (body.byteLength > (rules.maxBytes ?? FORM_MAX_BYTES)) return refuse("too_large");
  const text = utf8WithoutNul(body);
  if (text === "nul") return refuse("nul");
  if (text === null) return refuse("unreadable");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse("unreadable");
  }
  const names = jsonRefusal(value, rules.schema);
  if (names) return refuse(names);
  const parsed = rules.schema.safeParse(value);
  return parsed.success ? { status: "read", data: parsed.data } : refuse("unreadable");
}

/**
 * A body read as text (a payment provider's signed webhook, whose bytes must reach the signature
 * check unchanged) through the same guard: its content type, at most `maxBytes` by the declared
 * length and as it arrives, UTF-8 and no NUL byte.
 */
export async function readGuardedText(
  request: Request,
  rules: { maxBytes: number; contentType: RegExp },
): Promise<
  { status: "read"; text: string } | { status: "refused"; reason: FormRefusal; httpStatus: number }
> {
  const refuse = (reason: FormRefusal) => ({
    status: "refused" as const,
    reason,
    httpStatus: STATUS[reason],
  });
  if (!rules.contentType.test(request.headers.get("content-type") ?? "")) return refuse("not_a_form");
  if (Number(request.headers.get("content-length") ?? 0) > rules.maxBytes) return refuse("too_large");
  const body = await readCapped(request, rules.maxBytes);
  if (!body) return refuse("too_large");
  const text = utf8WithoutNul(body);
  if (text === "nul") return refuse("nul");
  if (text === null) return refuse("unreadable");
  return { status: "read", text };
}

/** The bytes as UTF-8 text, "nul" when they hold a NUL byte, null when they are not UTF-8. */
function utf8WithoutNul(body: Uint8Array): string | "nul" | null {
  if (body.includes(0)) return "nul";
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

/** Why a parsed JSON value is refused before its schema sees it (too many keys, a key not known, a NUL), or null. */
function jsonRefusal(value: unknown, schema: $ZodType): FormRefusal | null {
  let keys = 0;
  const walk = (node: unknown, path: Segment[]): FormRefusal | null => {
    if (typeof node === "string") return node.includes("\0") ? "nul" : null;
    if (node === null || typeof node !== "object") return null;
    if (path.length > 16) return "bad_name";
    const entries: Array<[Segment, unknown]> = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, item] of entries) {
      if (++keys > FORM_MAX_FIELDS) return "too_many_fields";
      if (typeof key === "string" && key.includes("\0")) return "nul";
      if (typeof key === "number" && key > FORM_MAX_INDEX) return "bad_name";
      const at = [...path, key];
      if (!knowsPath(schema, at)) return "bad_name";
      const refusal = walk(item, at);
      if (refusal) return refusal;
    }
    return null;
  };
  return walk(value, []);
}

type Segment = string | number;

/**
 * A Conform field name (`lines[3].weight`, `ids[]`) as its path, or null when it is not one or names
 * an index past `FORM_MAX_INDEX` (the same syntax Conform's own parser accepts).
 */
function fieldPath(name: string): Segment[] | null {
  if (!name || name.length > 200) return null;
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Segment[] = [];
  let last = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === "." && segments.length > 0)) {
      return null;
    }
    const [, key, index] = match;
    if (key !== undefined) segments.push(key);
    else if (index === "") segments.push("");
    else {
      const number = Number(index);
      if (!Number.isSafeInteger(number) || number > FORM_MAX_INDEX) return null;
      segments.push(number);
    }
    last = token.lastIndex;
  }
  return last === name.length ? segments : null;
}

/** Whether the schema has a field at this path (walking zod 4's definitions: classic and mini alike). */
function knowsPath(schema: $ZodType, path: readonly Segment[], depth = 0): boolean {
  if (depth > 32) return false;
  // biome-ignore lint/suspicious/noExplicitAny: zod's definitions differ per schema type
  const def = schema._zod.def as any;
  const next = (inner: $ZodType, rest: readonly Segment[] = path) => knowsPath(inner, rest, depth + 1);
  switch (def.type) {
    case "any":
    case "unknown":
      return true;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
      return next(def.innerType);
    case "lazy":
      return next(def.getter());
    case "pipe":
      // A preprocess pipes a transform into the schema that says what the field is.
      return next(def.in._zod.def.type === "transform" ? def.out : def.in);
    case "union":
      return (def.options as $ZodType[]).some((option) => next(option));
    case "intersection":
      return next(def.left) || next(def.right);
  }
  if (path.length === 0) return true;
  const [head, ...rest] = path;
  switch (def.type) {
    case "object":
      if (typeof head === "string" && Object.hasOwn(def.shape, head)) return next(def.shape[head], rest);
      return typeof head === "string" && def.catchall !== undefined && def.catchall._zod.def.type !== "never"
        ? next(def.catchall, rest)
        : false;
    case "record":
      return typeof head === "string" && next(def.valueType, rest);
    case "array":
      return (typeof head === "number" || head === "") && next(def.element, rest);
    case "tuple": {
      if (typeof head !== "number") return false;
      const item = def.items[head] ?? def.rest;
      return item ? next(item, rest) : false;
    }
    default:
      return false;
  }
}

function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** How many times `needle` occurs in `haystack`, counting no further than `stopAt`. */
function occurrences(haystack: Uint8Array, needle: Buffer, stopAt: number): number {
  const bytes = Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength);
  let count = 0;
  for (
    let at = bytes.indexOf(needle);
    at >= 0 && count < stopAt;
    at = bytes.indexOf(needle, at + needle.length)
  ) {
    count++;
  }
  return count;
}

/** The whole body, or null as soon as it passes `limit` bytes (the rest is not read). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not cancelled: that would drop the connection before the refusal reaches the browser.
      // The caller answers with `connection: close`, so Node closes the socket once it is written.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
