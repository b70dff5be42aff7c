import pino from "pino";
import { describe, expect, it } from "vitest";
import { startJobs } from "./jobs.server.ts";

const log = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startJobs", () => {
  it("runs a job on its timer, never two runs of it at once, and survives a failing run", async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const jobs = startJobs(
      [
        {
          name: "slow",
          everyMs: 5,
          run: async () => {
            runs += 1;
            active += 1;
            most = Math.max(most, active);
            await sleep(20);
            active -= 1;
            if (runs === 1) throw new Error("first run fails");
          },
        },
      ],
      log,
    );
    await sleep(120);
    await jobs.stop();
    expect(runs).toBeGreaterThan(1);
    expect(most).toBe(1);
  });

  it("stop() waits for the run in progress and starts no more", async () => {
    let finished = 0;
    let started = 0;
    const jobs = startJobs(
      [
        {
          name: "work",
          everyMs: 5,
          run: async () => {
            started += 1;
            await sleep(40);
            finished += 1;
          },
        },
      ],
      log,
    );
    await sleep(15);
    await jobs.stop();
    expect(finished).toBe(started);
    const after = started;
    await sleep(30);
    expect(started).toBe(after);
  });
});
