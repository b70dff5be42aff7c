import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startJobs } from "./jobs.server.ts";

const log = pino({ level: "silent" });
/** A run's work taking `ms` on the test's fake clock. */
const work = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The jobs' timers and their work run on a fake clock the tests move on (issue 28: no sleeps).
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

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
            await work(20);
            active -= 1;
            if (runs === 1) throw new Error("first run fails");
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(120);
    // One run at a time: each starts at the first tick after the last one ended (5, 30, 55, 80 and
    // 105 ms), the first one's failure notwithstanding.
    expect(runs).toBe(5);
    expect(most).toBe(1);
    const stopping = jobs.stop();
    await vi.advanceTimersByTimeAsync(20);
    await stopping;
    expect(runs).toBe(5);
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
            await work(40);
            finished += 1;
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(15);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(25);
    expect(stopped).toBe(false);
    expect(finished).toBe(0);
    await vi.advanceTimersByTimeAsync(15);
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(30);
    expect(started).toBe(1);
  });

  it("tells onFailing once a job has failed enough times in a row, and starts counting again after a success", async () => {
    const told: number[] = [];
    const outcomes = [false, false, false, false, true, false];
    let run = 0;
    const jobs = startJobs(
      [
        {
          name: "flaky",
          everyMs: 10,
          run: async () => {
            const ok = outcomes[run] ?? true;
            run += 1;
            if (!ok) throw new Error(`run ${run} fails`);
          },
        },
      ],
      log,
      {
        failuresBeforeNotice: 3,
        onFailing: async (job, failures) => {
          expect(job).toBe("flaky");
          told.push(failures);
        },
      },
    );
    await vi.advanceTimersByTimeAsync(75);
    await jobs.stop();
    // Runs 1–4 fail (told at the 3rd and 4th), run 5 succeeds, run 6 fails once: not told.
    expect(run).toBeGreaterThanOrEqual(6);
    expect(told).toEqual([3, 4]);
  });
});
