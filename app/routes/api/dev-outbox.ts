import { data } from "react-router";
import { normalizeHkPhone } from "~/domain/shared/phone.ts";
import type { Route } from "./+types/dev-outbox.ts";

/** DESIGN §7: the demo outbox as JSON, newest first; absent in production mode. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.shopMode !== "demo") throw data(null, { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim() ?? "";
  if (!to) return data({ messages: [], error: "missing ?to=<phone or email>" }, { status: 400 });
  const address = to.includes("@") ? to.toLowerCase() : normalizeHkPhone(to);
  return { messages: await context.services.messages.outbox.list(address) };
}
