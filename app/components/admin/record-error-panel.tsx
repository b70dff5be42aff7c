import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { type MessageKey, t } from "~/i18n/admin.ts";

/**
 * A back office record page's error: the record the address names does not exist (404), or the
 * page failed; inside the back office frame, with the way back to the list.
 */
export function RecordErrorPanel({
  error,
  notFound,
  notFoundBody,
  back,
}: {
  error: unknown;
  notFound: MessageKey;
  notFoundBody?: MessageKey;
  back: { to: string; label: MessageKey };
}) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const body = missing ? notFoundBody : "error.server.body";
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-xl font-bold text-brand-800">{t(missing ? notFound : "error.server.title")}</h1>
      {body ? <p className="mt-2 text-stone-700">{t(body)}</p> : null}
      <Link to={back.to} className="mt-4 inline-flex items-center gap-1 text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t(back.label)}
      </Link>
    </div>
  );
}
