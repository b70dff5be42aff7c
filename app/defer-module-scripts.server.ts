import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_ATTRIBUTE } from "~/components/layout/deferred-scripts.tsx";

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async=""/;

/**
 * Decision 0019: rewrites the page as React Router writes it so that no script is fetched before
 * the first paint. Every `<link rel="modulepreload">` loses its `rel` (an inert link that keeps
 * its `href`) and the router's `<script type="module" async>` becomes a data block; the page's
 * `DeferredScriptsLoader` puts both back after painting. The rest of the stream, from the module
 * script on (the loader data), passes through untouched.
 *
 * A tag can arrive split across chunks: text from the last `<` that has no `>` after it is held
 * back until the next chunk.
 */
export function deferModuleScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  const rewrite = (text: string) =>
    text
      .replace(MODULE_PRELOAD, `<link ${DEFERRED_PRELOAD_ATTRIBUTE}=""`)
      .replace(MODULE_SCRIPT, (_tag, start: string) => {
        done = true;
        return `${start} type="${DEFERRED_MODULE_TYPE}"`;
      });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, decoder.write(chunk));
      const text = held + decoder.write(chunk);
      const open = text.lastIndexOf("<");
      const cut = open > text.lastIndexOf(">") ? open : text.length;
      held = text.slice(cut);
      const out = rewrite(text.slice(0, cut));
      if (!done) return callback(null, out);
      callback(null, out + held);
      held = "";
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, done ? rest : rewrite(rest));
    },
  });
}
