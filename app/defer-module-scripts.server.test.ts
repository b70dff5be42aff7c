import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_ATTRIBUTE } from "~/components/layout/deferred-scripts.tsx";
import { deferModuleScripts } from "./defer-module-scripts.server.ts";

const PAGE = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  "</head><body><main><p>1 &lt; 2</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="abc" type="module" async="">import "/assets/entry.client.js";</script>',
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue("<link rel=\\"modulepreload\\">");</script>',
  "</body></html>",
].join("");

/** The page through the transform, cut into chunks of `size` characters (UTF-8 bytes apart). */
async function throughTransform(page: string, size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return text(Readable.from(chunks).pipe(deferModuleScripts()));
}

describe("deferModuleScripts (decision 0019)", () => {
  it("makes the module preloads and the router's module script inert and leaves the rest alone", async () => {
    const out = await throughTransform(PAGE, PAGE.length);
    expect(out).not.toContain('rel="modulepreload" href=');
    expect(out).toContain(
      `<link ${DEFERRED_PRELOAD_ATTRIBUTE}="" href="/assets/entry.client.js" nonce="abc"/>`,
    );
    expect(out).toContain(`<link ${DEFERRED_PRELOAD_ATTRIBUTE}="" href="/assets/root.js" nonce="abc"/>`);
    expect(out).toContain(
      `<script nonce="abc" type="${DEFERRED_MODULE_TYPE}">import "/assets/entry.client.js";</script>`,
    );
    expect(out).not.toContain('type="module"');
    // What comes after the module script (streamed loader data) passes through untouched.
    expect(out).toContain('enqueue("<link rel=\\"modulepreload\\">")');
    expect(out.replaceAll(`${DEFERRED_PRELOAD_ATTRIBUTE}=""`, 'rel="modulepreload"')).toBe(
      PAGE.replace(' type="module" async=""', ` type="${DEFERRED_MODULE_TYPE}"`),
    );
  });

  it("gives the same page whatever the chunks, tags and characters cut in two included", async () => {
    const whole = await throughTransform(`${PAGE}<p>齊齊買</p>`, 100_000);
    for (const size of [1, 2, 3, 7, 16, 61]) {
      expect(await throughTransform(`${PAGE}<p>齊齊買</p>`, size)).toBe(whole);
    }
  });

  it("passes a page without module scripts through as it was", async () => {
    const page = "<!DOCTYPE html><html><body><p>維修中</p></body></html>";
    expect(await throughTransform(page, 5)).toBe(page);
  });
});
