import DataLoader from "dataloader";
import { pageViews } from "~/db/schema/index.ts";
import type { PageView } from "~/domain/site/page-view.schema.ts";
import type { ServiceDeps } from "../shared/deps.ts";

/**
 * How long a page view waits for others to be written with it. Every page posts one after each
 * route change, several a shopper a minute, so at the cut-off rush they come by the hundred a
 * second (issue 30 item 1); a beacon's answer is read by nobody, so it can wait this long.
 */
const PAGE_VIEW_BATCH_MS = 50;

type PageViewRow = typeof pageViews.$inferInsert;

function rowOf(view: PageView): PageViewRow {
  return {
    path: view.path.slice(0, 500),
    visitorId: view.visitorId?.slice(0, 64) ?? null,
    referrer: view.referrer?.slice(0, 500) ?? null,
  };
}

export function createAnalyticsService({ db, log }: ServiceDeps) {
  // The page views that arrive within PAGE_VIEW_BATCH_MS go in one insert, and each post is
  // answered once that insert has committed: a 204 still means the view is saved.
  const views = new DataLoader<PageView, true>(
    async (batch) => {
      const rows = batch.map(rowOf);
      try {
        await db.insert(pageViews).values(rows);
        return batch.map(() => true as const);
      } catch (error) {
        // Issue 44 item 5: one row PostgreSQL refuses must not sink the others of its batch (one
        // view with a NUL lost the ~40 beside it). Rare, so each is then written on its own, one
        // after the other on one connection at a time: a bad row fails alone. A failure that is
        // not about a row's data (the database gone, no connection free) fails the batch as it
        // is: writing 500 rows one by one then would only wait 500 times.
        if (!refusedForItsData(error)) throw error;
        log.warn(
          { err: error, views: rows.length },
          "page views written one by one after their batch failed",
        );
        const outcomes: Array<true | Error> = [];
        for (const row of rows) {
          outcomes.push(
            await db
              .insert(pageViews)
              .values(row)
              .then(
                () => true as const,
                (rowError: unknown) => (rowError instanceof Error ? rowError : new Error(String(rowError))),
              ),
          );
        }
        return outcomes;
      }
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (write) => setTimeout(write, PAGE_VIEW_BATCH_MS) },
  );

  return {
    async recordPageView(view: PageView): Promise<void> {
      await views.load(view);
    },
  };
}

/** Whether PostgreSQL refused a statement for a value in it: a data exception (22…) or a constraint (23…). */
function refusedForItsData(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^2[23]/.test(code);
}
