import { ShieldAlert } from "lucide-react";
import { Form, isRouteErrorResponse, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The error page of a layout that only some members may enter (the back office, the pickup
 * console): 403 for a signed-in member without the role, with the way home and a way to sign out
 * (anonymous visitors are sent to /login before this), or the plain server error.
 */
export function AccessErrorPage({ error, forbiddenBody }: { error: unknown; forbiddenBody: string }) {
  const { t } = useI18n();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const title = forbidden ? t("error.forbidden.title") : t("error.server.title");
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ShieldAlert className="size-12 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700">{forbidden ? forbiddenBody : t("error.server.body")}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <Link className={buttonClass({ size: "md" })} to="/">
          {t("error.notFound.home")}
        </Link>
        {forbidden ? (
          <Form method="post" action="/logout">
            <Button type="submit" tone="secondary" size="md">
              {t("auth.logout")}
            </Button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}
