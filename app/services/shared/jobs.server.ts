/**
 * Background work in the app process (DESIGN §3): each job runs on its own timer, one run at a
 * time, and is safe with several app instances because the work itself claims rows with
 * `FOR UPDATE SKIP LOCKED` or conditional updates. `stop()` waits for runs in progress, so a
 * graceful shutdown never cuts a job's transaction in half.
 */
import type { Logger } from "pino";

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface JobOptions {
  /** Failures in a row after which `onFailing` is told (each further failure tells it again). */
  failuresBeforeNotice?: number;
  /** A job keeps failing (issue 46 item 5: the admins are emailed); its own failure is only logged. */
  onFailing?: (job: string, failures: number, error: unknown) => Promise<unknown>;
}

export function startJobs(jobs: Job[], log: Logger, options: JobOptions = {}) {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const threshold = options.failuresBeforeNotice ?? 3;
  const timers = jobs.map((job) => {
    let busy = false;
    let failures = 0;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const run = job
        .run()
        .then(() => {
          failures = 0;
        })
        .catch(async (error: unknown) => {
          failures += 1;
          log.error({ err: error, job: job.name, failures }, "background job failed");
          if (failures >= threshold && options.onFailing) {
            await options
              .onFailing(job.name, failures, error)
              .catch((notice: unknown) =>
                log.error({ err: notice, job: job.name }, "the job failure notice failed"),
              );
          }
        })
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
