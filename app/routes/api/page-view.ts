import { z } from "zod";
import type { Route } from "./+types/page-view.ts";

const pageViewSchema = z.object({
  path: z.string().startsWith("/").max(500),
  visitorId: z.string().max(64).optional(),
  referrer: z.string().max(500).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const parsed = pageViewSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return new Response(null, { status: 400 });
  await context.services.analytics.recordPageView(parsed.data);
  return new Response(null, { status: 204 });
}
