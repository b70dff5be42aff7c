import { describe, expect, it } from "vitest";
import { slowQueryOf, slowQueryOptions } from "./client.server.ts";

describe("the slow-query log (decision 0035)", () => {
  it("asks PostgreSQL to log statements over the threshold, without their parameters", () => {
    expect(slowQueryOptions(500)).toBe("-c log_min_duration_statement=500 -c log_parameter_max_length=0");
  });

  it("reads PostgreSQL's log lines for them, simple and extended protocol alike", () => {
    expect(
      slowQueryOf(
        "2026-11-27 02:00:00.000 UTC [123] LOG:  duration: 412.345 ms  statement: select pg_sleep(0.4)",
      ),
    ).toEqual({ ms: 412, sql: "select pg_sleep(0.4)" });
    expect(slowQueryOf("LOG:  duration: 612.5 ms  execute <unnamed>: select pg_sleep($1), 1")).toEqual({
      ms: 613,
      sql: "select pg_sleep($1), 1",
    });
    expect(slowQueryOf("LOG:  database system is ready to accept connections")).toBeUndefined();
  });
});
