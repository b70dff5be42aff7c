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

export function startJobs(jobs: Job[], log: Logger) {
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const run = job
        .run()
        .catch((error: unknown) => log.error({ err: error, job: job.name }, "background job failed"))
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
