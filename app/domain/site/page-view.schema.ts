import { z } from "zod";

/** What a page posts to /api/page-view after each completed route change (SPEC §4). */
export const pageViewSchema = z.object({
  path: z.string().startsWith("/").max(500),
  visitorId: z.string().max(64).optional(),
  referrer: z.string().max(500).optional(),
});

export type PageView = z.infer<typeof pageViewSchema>;
