import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
} from "react-router";
import { readFlash } from "~/auth/flash.server.ts";
import { getMember } from "~/auth/session.server.ts";
import { DeferredScriptsLoader } from "~/components/layout/deferred-scripts.tsx";
import { markHydrated } from "~/components/layout/first-render.ts";
import { LoadingOverlay } from "~/components/layout/loading-overlay.tsx";
import { MaintenancePage } from "~/components/layout/maintenance-page.tsx";
import { useNonce } from "~/components/layout/nonce.tsx";
import { PageViewTracker } from "~/components/layout/page-view-tracker.tsx";
import { onlyDrawerChanged } from "~/components/shop/product/drawer-url.ts";
import { answeredWithCount } from "~/components/shop/product/page-data.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { notify, Toaster } from "~/components/ui/toaster.tsx";
import { allInLanguage } from "~/domain/shared/content-language.ts";
import { groupsOf } from "~/i18n/load-messages.ts";
import { basePath, localeOfPath } from "~/i18n/locale.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { languageRedirect, switchedLanguage } from "~/web/language.server.ts";
import type { Route } from "./+types/root.ts";
import stylesheet from "./app.css?url";

/**
 * The stylesheet with a precedence: React then puts it at the top of <head>, before the scripts'
 * module preloads, so a phone on a slow line asks for it first and paints sooner.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

/**
 * Paths that stay open during maintenance, in either language (SPEC §2: the login route; an email's
 * unsubscribe link must keep working whatever the shop's state).
 */
const MAINTENANCE_OPEN = new Set(["/login", "/unsubscribe"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const choice = languageRedirect(request);
  if (choice) {
    // A member who switches keeps the language in their profile: their SMS and emails follow it.
    const chosen = switchedLanguage(request);
    const member = chosen ? await getMember(request, context) : null;
    if (member && chosen && member.locale !== chosen)
      await context.services.members.setLocale(member.id, chosen);
    throw choice;
  }
  const [{ settings, topBanners }, member, flash] = await Promise.all([
    context.services.site.shell(),
    getMember(request, context),
    readFlash(request),
  ]);
  const path = new URL(request.url).pathname;
  // SPEC §2: everyone sees the maintenance page except on the login route and admins.
  const maintenance =
    settings.maintenance && !MAINTENANCE_OPEN.has(basePath(path)) && member?.type !== "admin";
  const headers = new Headers();
  if (flash.clear) headers.append("set-cookie", flash.clear);
  if (maintenance) headers.set("retry-after", "3600");
  return data(
    {
      maintenance,
      member: member
        ? {
            firstName: member.firstName,
            dDollarCents: member.dDollarCents,
            isAdmin: member.type === "admin",
            // Staff of a pickup point, and admins, open the pickup-day console from the header.
            pickupConsole: member.type === "admin" || member.pickupStaff,
            // Read with the session (an action in the same request reads the session anew after it).
            cartCount: member.cartCount,
            // The `ref` of the product links they share: a code, never the phone (DESIGN §4.11).
            referralCode: member.referralCode,
          }
        : null,
      toast: flash.toast,
      reopenAt: settings.reopenAt.toISOString(),
      now: new Date().toISOString(),
      shop: {
        name: settings.shopName,
        // The public address shared links start with (PUBLIC_URL, else this request's own).
        origin: context.services.catalogue.publicOrigin(request.url),
        supportWhatsapp: settings.supportWhatsapp,
        facebookUrl: settings.facebookUrl,
        instagramUrl: settings.instagramUrl,
        // The lines in English on English pages where given, else the Chinese marked (issue 48 item 2).
        topBanners: allInLanguage(topBanners, ["text"], localeOfPath(path) === "en"),
      },
    },
    { status: maintenance ? 503 : 200, headers },
  );
}

/**
 * Opening or closing the product drawer changes only `?product=`: the member, their cart's count and
 * the shop's settings are as they were, so this loader is not run again for it. With the page's own
 * loader kept as well (`keepProductPageData`), the drawer opens and closes without a request for
 * route data (issue 30 item 1: two requests fewer per shopper in the rush). Nor is it run for an
 * add the cart answered with its new count, which the badge then shows (`answeredWithCount`).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (!args.formMethod && onlyDrawerChanged(args.currentUrl, args.nextUrl)) return false;
  if (answeredWithCount(args)) return false;
  return args.defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const lang = localeOfPath(useLocation().pathname);
  // The message groups the page shows, for the client entry to load before hydrating.
  const messages = groupsOf(useMatches()).join(" ");
  return (
    <html lang={lang} data-messages={messages}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6b3f1d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <DeferredScriptsLoader />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => markHydrated(), []);
  useEffect(() => {
    if (toast) notify.text(toast.kind, toast.text);
  }, [toast]);
  return (
    <>
      {loaderData.maintenance ? (
        <MaintenancePage reopenAt={loaderData.reopenAt} now={loaderData.now} />
      ) : (
        <Outlet />
      )}
      {toast ? (
        // Without JavaScript no toast library runs: the message is in the page itself, where a toast
        // would be (a form posted without scripts comes back here; issue 30 item 6).
        <noscript>
          <p
            role="status"
            data-testid="noscript-toast"
            className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] mx-auto max-w-sm rounded-lg bg-white px-4 py-3 text-center text-sm font-medium text-stone-900 shadow-lg ring-1 ring-stone-200"
          >
            {toast.text}
          </p>
        </noscript>
      ) : null}
      <LoadingOverlay />
      <PageViewTracker />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The server has every message; a browser loads the page's language before showing this.
  const { t, to } = useI18n();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${notFound ? t("error.notFound.title") : t("error.server.title")} | ${t("shop.name")}`}</title>
      <h1 className="text-2xl font-bold">{notFound ? t("error.notFound.title") : t("error.server.title")}</h1>
      <p className="text-stone-600">{notFound ? t("error.notFound.body") : t("error.server.body")}</p>
      <a className={buttonClass({ size: "md" })} href={to("/")}>
        {t("error.notFound.home")}
      </a>
    </main>
  );
}
