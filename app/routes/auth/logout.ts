import { redirect } from "react-router";
import { clearSessionHeaders, readSessionToken } from "~/auth/session.server.ts";
import { i18nOfRequest } from "~/i18n/request-i18n.server.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/logout.ts";

/** Home in the language of the page the member signed out from (/en/logout → /en). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(i18nOfRequest(request).to("/"));
}

/** SPEC §4: logout signs out on the server, clears the cookie and goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  // The sign-out form has no fields; anything else is refused like every form (issue 26 item 2).
  await readForm(request, {});
  const token = await readSessionToken(request, context);
  if (token) await context.services.members.auth.signOut(token);
  throw redirect(i18nOfRequest(request).to("/"), { headers: await clearSessionHeaders(context) });
}
