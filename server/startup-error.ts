import type { Env } from "../app/env.server.ts";

/**
 * Why start-up failed, in one plain line for whoever reads the terminal or the container log
 * (issue 26). Libraries reject with anything: an Error, an AggregateError with an empty message
 * (a host name that resolves to two addresses, both refused), a string, or `undefined`.
 */
export function describeStartupError(error: unknown, env: Pick<Env, "HOST" | "PORT">): string {
  return oneLine(reasonOf(error, env)).slice(0, 600) || "no reason was given";
}

function reasonOf(error: unknown, env: Pick<Env, "HOST" | "PORT">): string {
  if (error === undefined || error === null) return "no reason was given (the error was empty)";
  if (typeof error !== "object") return String(error);
  const { code, syscall, address, port, message } = error as {
    code?: unknown;
    syscall?: unknown;
    address?: unknown;
    port?: unknown;
    message?: unknown;
  };
  if (syscall === "listen") {
    if (code === "EADDRINUSE") {
      return `port ${env.PORT} on ${env.HOST} is already in use by another program (set PORT, or stop that program)`;
    }
    if (code === "EACCES") return `no permission to listen on port ${env.PORT} (use a port above 1023)`;
    if (code === "EADDRNOTAVAIL") return `HOST ${env.HOST} is not an address of this machine`;
  }
  if (syscall === "getaddrinfo") {
    const { hostname } = error as { hostname?: unknown };
    return `cannot find the PostgreSQL host ${String(hostname ?? "")} (${String(code)})`;
  }
  if (syscall === "connect") {
    const where = address ? `${String(address)}${port ? `:${String(port)}` : ""}` : "";
    const what = code === "ECONNREFUSED" ? "nothing answers" : String(code ?? message);
    return `cannot reach PostgreSQL${where ? ` at ${where}` : ""}: ${what}`;
  }
  if (error instanceof AggregateError && error.errors.length > 0) {
    const reasons = [...new Set(error.errors.map((inner) => reasonOf(inner, env)))];
    return reasons.join("; ");
  }
  if (typeof message === "string" && message.trim()) {
    return code && !message.includes(String(code)) ? `${message} (${String(code)})` : message;
  }
  if (error instanceof Error) return `${error.name} without a message${code ? ` (${String(code)})` : ""}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
