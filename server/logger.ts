import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

/**
 * Issue 44 item 8: no log line carries personal data. The shop's logger (server/index.ts, and the
 * tests that serve the shop) is pino with:
 * - `redact` for fields that hold it: phone numbers (kept as their first four digits), codes,
 *   tokens, message bodies and recipients, SQL parameters and PostgreSQL's `detail`;
 * - serializers: errors lose the parameters Drizzle writes into a failed query's message and stack
 *   (`DrizzleQueryError … params: 91234567,陳,…`) and every field but the diagnostic ones
 *   (PostgreSQL's `detail` and `where` hold row values); a URL loses the values of its personal
 *   query fields and a pickup code in its path;
 * - a last pass over each line written (`hooks.streamWrite`) that masks anything shaped like a
 *   Hong Kong phone number or an email address, wherever it came from (a PostgreSQL message
 *   quoting a value, a path).
 */

/** An 8-digit Hong Kong number (optionally +852, spaced), not part of a longer word, number or id. */
const PHONE = /(?<![\w-])(?:\+?852[ -]?)?([2-9]\d{3})[ -]?(\d{4})(?![\w-])/g;

/**
 * `text` (a JSON log line) with each phone-shaped run inside a string masked to its first four
 * digits. A bare JSON number (an amount in cents) is left alone: masking it would break the line.
 */
export function maskPhones(text: string): string {
  const masked = text.includes("@") ? text.replace(EMAIL, "***@$1") : text;
  if (!/\d{4}/.test(masked)) return masked;
  return masked.replace(PHONE, (match, first: string, _last: string, offset: number) =>
    insideString(masked, offset) ? `${first}****` : match,
  );
}

/** An email address (PostgreSQL quotes one in a unique violation's detail): its domain is kept. */
const EMAIL = /[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g;

/** Whether `offset` of a JSON line falls inside a string (an odd number of unescaped quotes before it). */
function insideString(line: string, offset: number): boolean {
  let inside = false;
  for (let index = 0; index < offset; index++) {
    const char = line[index];
    if (char === "\\") index++;
    else if (char === '"') inside = !inside;
  }
  return inside;
}

const REDACTED = "[Redacted]";

/** Log fields whose values are personal or secret, wherever a log call puts them. */
const REDACT_PATHS = [
  "phone",
  "*.phone",
  "to",
  "*.to",
  "code",
  "otp",
  "*.otp",
  "token",
  "*.token",
  "password",
  "*.password",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
  "*.body",
  "*.text",
  "*.html",
  "params",
  "*.params",
  "detail",
  "*.detail",
  "firstName",
  "*.firstName",
  "lastName",
  "*.lastName",
  "address",
  "*.address",
  "err.cause.params",
  "err.cause.detail",
];

function censor(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1];
  if ((key === "phone" || key === "to") && typeof value === "string") {
    return /^\+?[\d ]+$/.test(value) ? `${value.replace(/\D/g, "").slice(-8, -4)}****` : REDACTED;
  }
  return REDACTED;
}

/** Fields of an error (Node, pg, HTTP) that say what went wrong without holding row values. */
const DIAGNOSTIC_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
  "status",
  "statusCode",
  "errno",
  "syscall",
  "type",
  "retryable",
  "failure",
  "responseCode",
  "command",
];

/** An error as a plain object for the log: type, message and stack without SQL parameters, its cause. */
function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error !== "object" || error === null || !("message" in error)) {
    return error;
  }
  const source = error as Error & Record<string, unknown>;
  let message = String(source.message ?? "");
  let stack = typeof source.stack === "string" ? source.stack : undefined;
  // Drizzle: `Failed query: <sql>\nparams: <values>`; the SQL is kept, the values never.
  const at = message.indexOf("\nparams:");
  if (at >= 0) {
    const clean = message.slice(0, at);
    stack = stack?.replace(message, clean);
    message = clean;
  }
  stack = stack?.replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, "");
  // PostgreSQL's data errors quote the value refused (`invalid input syntax for type integer: "…"`).
  if (
    typeof source.code === "string" &&
    source.code.startsWith("22") &&
    typeof source.severity === "string"
  ) {
    const quoted = /: "[\s\S]*"$/;
    stack = stack?.replace(message, message.replace(quoted, `: "${REDACTED}"`));
    message = message.replace(quoted, `: "${REDACTED}"`);
  }
  const out: Record<string, unknown> = {
    type: source.constructor?.name ?? source.name ?? "Error",
    message,
    stack,
  };
  for (const field of DIAGNOSTIC_FIELDS) {
    if (source[field] !== undefined && field !== "type") out[field] = source[field];
  }
  if (depth < 5 && source.cause !== undefined) out.cause = serializeError(source.cause, depth + 1);
  if (depth < 5 && Array.isArray(source.errors)) {
    out.errors = source.errors.map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/** Query fields whose values are personal: a search (names, phones), recipients, codes, tokens. */
const PERSONAL_QUERY = /^(q|phone|to|code|token|email|name|firstName|lastName|referrer|ref|search)$/i;

/** The URL with the values of personal query fields and a pickup code in the path replaced. */
export function redactUrl(url: unknown): unknown {
  if (typeof url !== "string") return url;
  const at = url.indexOf("?");
  const path = (at < 0 ? url : url.slice(0, at)).replace(/^(\/pickup\/order\/)[^/?.]+/, `$1${REDACTED}`);
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return eq >= 0 && PERSONAL_QUERY.test(decoded.replace(/\[\]$/, "")) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: "gather" },
    redact: { paths: REDACT_PATHS, censor },
    serializers: { err: serializeError, error: serializeError, url: redactUrl },
    hooks: { streamWrite: maskPhones },
  };
}

/** The shop's logger: JSON lines on stdout (or `destination`), nothing personal in them. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
