import { useNonce } from "./nonce.tsx";

/**
 * Decision 0019: the page's scripts are asked for after its first paint, so on a slow line the
 * HTML, the stylesheet and the first pictures have the connection to themselves. The server
 * (`app/defer-module-scripts.server.ts`) writes React Router's module preloads and its module script
 * inert; this loader, the last script of the page, turns them back on once the page has painted.
 */
export const DEFERRED_PRELOAD_REL = "gather-defer";
export const DEFERRED_MODULE_TYPE = "gather/defer";

/**
 * In the browser: after the first paint (a frame, then a task), each inert preload becomes a
 * `<link rel="modulepreload">` and the deferred module a real one with this script's nonce. A page
 * opened in a background tab paints nothing, so it starts at once.
 */
const LOADER = `(() => {
  const nonce = document.currentScript.nonce;
  const start = () => {
    for (const inert of document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')) {
      const preload = document.createElement("link");
      preload.rel = "modulepreload";
      preload.href = inert.href;
      preload.nonce = inert.nonce;
      if (inert.crossOrigin !== null) preload.crossOrigin = inert.crossOrigin;
      if (inert.integrity) preload.integrity = inert.integrity;
      document.head.append(preload);
    }
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
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, no outside input.
      dangerouslySetInnerHTML={{ __html: LOADER }}
    />
  );
}
