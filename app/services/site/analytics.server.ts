import { pageViews } from "~/db/schema/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";

export function createAnalyticsService({ db }: ServiceDeps) {
  return {
    async recordPageView(view: { path: string; visitorId?: string; referrer?: string }) {
      await db.insert(pageViews).values({
        path: view.path.slice(0, 500),
        visitorId: view.visitorId?.slice(0, 64) ?? null,
        referrer: view.referrer?.slice(0, 500) ?? null,
      });
    },
  };
}
