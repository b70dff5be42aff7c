import { Form, redirect } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { Button } from "~/components/ui/button.tsx";
import { ADMIN_NOTICE_KINDS, type AdminNoticeKind } from "~/domain/messages/admin-notices.ts";
import { t } from "~/i18n/admin.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/notifications.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.notifications.title");

/**
 * /admin/notifications: the signed-in admin's own emails (issue 46 item 5) — which kinds they get.
 * Every kind is on until the admin switches it off; the emails go to the admin's own address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return context.services.messages.adminNotices.settingsOf(admin.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request, { names: ["kind"] });
  const on = form
    .getAll("kind")
    .filter((kind): kind is AdminNoticeKind => ADMIN_NOTICE_KINDS.some((each) => each === kind));
  await context.services.messages.adminNotices.setSwitches(admin.id, on);
  throw redirect("/admin/notifications", {
    headers: [await flashHeader({ kind: "success", key: "admin.notifications.saved" })],
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { on, email } = loaderData;
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand-800">{t("admin.notifications.title")}</h1>
      <p className="text-sm text-stone-700">
        {email ? t("admin.notifications.intro", { email }) : t("admin.notifications.noEmail")}
      </p>
      <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold text-stone-900">{t("admin.notifications.legend")}</legend>
          {ADMIN_NOTICE_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-3">
              <input
                type="checkbox"
                name="kind"
                value={kind}
                defaultChecked={on.includes(kind)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>
                <span className="font-medium text-stone-900">{t(`admin.notifications.kind.${kind}`)}</span>
                <span className="block text-sm text-stone-600">{t(`admin.notifications.hint.${kind}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit">{t("admin.notifications.save")}</Button>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
