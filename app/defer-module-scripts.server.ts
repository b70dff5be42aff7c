import { DEFERRED_MODULE_TYPE } from "~/components/layout/deferred-scripts.tsx";

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const MODULE = Buffer.from(' type="module" async=""');
/** The module script's inert twin, as long as what it replaces, so it is patched in place. */
const INERT_MODULE = Buffer.from(` type="${DEFERRED_MODULE_TYPE}"`.padEnd(MODULE.length));
const TAG_END = Buffer.from("/>");

/**
 * Decisions 0019 and 0021, on the page React Router rendered, whole: no script is fetched before
 * the first paint. React Router's `<link rel="modulepreload">` elements are left out (nothing
 * would turn them on: decision 0021) and its `<script type="module" async>` becomes a data block
 * that the page's `DeferredScriptsLoader` runs after painting; the module loader then fetches its
 * imports. What comes after the module script (the loader data) is left as it is.
 */
export function deferModuleScripts(page: Buffer): Buffer {
  const module = page.indexOf(MODULE);
  const end = module === -1 ? page.length : module;
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = page.indexOf(PRELOAD); at !== -1 && at < end; at = page.indexOf(PRELOAD, from)) {
    const close = page.indexOf(TAG_END, at);
    if (close === -1 || close > end) break;
    kept.push(page.subarray(from, at));
    from = close + TAG_END.length;
  }
  if (module !== -1) INERT_MODULE.copy(page, module);
  if (kept.length === 0) return page;
  kept.push(page.subarray(from));
  return Buffer.concat(kept);
}
