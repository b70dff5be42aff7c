import { InlineScript } from "./inline-script.tsx";

/**
 * Decision 0019: the page's scripts are asked for after its first paint, so on a slow line the
 * HTML, the stylesheet and the first pictures have the connection to themselves. The server
 * (`app/defer-module-scripts.server.ts`) leaves React Router's module preloads out (decisions 0021,
 * 0042) and writes its module script inert; this loader, the last script of the page, turns the
 * module script back on once the page has painted.
 */
export const DEFERRED_MODULE_TYPE = "gather/defer";

/**
 * In the browser: after the first paint (a frame, then a task), the deferred module becomes a real
 * one with this script's nonce, and the browser's module loader fetches what it imports. There
 * are no preloads to put back (decisions 0021, 0042): putting forty `<link rel="modulepreload">`
 * back cost 4–97 ms of main thread here, 1–4 ms a link, which Lighthouse's 4× slower CPU counted as
 * blocking time, and its simulated slow 4G showed hydration no later without them. A page opened in a background
 * tab paints nothing, so it starts at once.
 */
const LOADER = `(() => {
  const nonce = document.currentScript.nonce;
  const start = () => {
    const deferred = document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');
    if (!deferred) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = deferred.textContent;
    document.head.append(script);
  };
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start));
})();`;

export function DeferredScriptsLoader() {
  return <InlineScript code={LOADER} />;
}
