import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { InlineScript } from "./inline-script.tsx";

/** Where React Router keeps scroll positions in sessionStorage (its default storage key). */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * Before hydration, as React Router's own script does: a history entry gets a key, and a page
 * reloaded or come back to is scrolled to where it was. A new entry has nothing stored, so it
 * leaves sessionStorage alone: its first use in a page costs Chromium 5–17 ms (the storage is
 * opened there and then), which inside the parser's task was blocking time after the first paint
 * (decision 0021). It is opened in a task of its own instead, before hydration reads it.
 */
const RESTORE = `(() => {
  const state = window.history.state;
  if (!state || !state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    setTimeout(() => {
      try {
        sessionStorage.length;
      } catch {}
    });
    return;
  }
  try {
    const y = JSON.parse(sessionStorage.getItem("${STORAGE_KEY}") || "{}")[state.key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch {
    sessionStorage.removeItem("${STORAGE_KEY}");
  }
})();`;

/**
 * React Router's `<ScrollRestoration>` with a lighter script for the first paint: its hook saves
 * and restores positions on client navigations exactly as before (the router is pinned to one
 * version, so its unstable export is safe to use here).
 */
export function ScrollRestoration() {
  useScrollRestoration();
  return <InlineScript code={RESTORE} />;
}
