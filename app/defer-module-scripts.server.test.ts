import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "~/components/layout/deferred-scripts.tsx";
import { deferModuleScripts } from "./defer-module-scripts.server.ts";

const PAGE = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  "</head><body><main><p>齊齊買 1 &lt; 2</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="abc" type="module" async="">import "/assets/entry.client.js";</script>',
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue(" type=\\"module\\" async=\\"\\" rel=\\"modulepreload\\"");</script>',
  "</body></html>",
].join("");

/** The page through the transform, cut into chunks of `size` bytes (characters cut in two included). */
async function throughTransform(page: string, size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return text(Readable.from(chunks).pipe(deferModuleScripts()));
}

describe("deferModuleScripts (decision 0019)", () => {
  it("makes the module preloads and the router's module script inert and leaves the rest alone", async () => {
    const out = await throughTransform(PAGE, PAGE.length);
    const preload = `rel="${DEFERRED_PRELOAD_REL}"`.padEnd('rel="modulepreload"'.length);
    const module = ` type="${DEFERRED_MODULE_TYPE}"`.padEnd(' type="module" async=""'.length);
    expect(out).toContain(`<link ${preload} href="/assets/entry.client.js" nonce="abc"/>`);
    expect(out).toContain(`<link ${preload} href="/assets/root.js" nonce="abc"/>`);
    expect(out).toContain(`<script nonce="abc"${module}>import "/assets/entry.client.js";</script>`);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script nonce="abc" type="module"');
    // What comes after the module script (streamed loader data) passes through untouched.
    expect(out).toContain('enqueue(" type=\\"module\\" async=\\"\\" rel=\\"modulepreload\\"")');
    expect(Buffer.byteLength(out)).toBe(Buffer.byteLength(PAGE));
  });

  it("gives the same page whatever the chunks", async () => {
    const whole = await throughTransform(PAGE, 100_000);
    for (const size of [1, 2, 3, 7, 16, 22, 23, 61]) {
      expect(await throughTransform(PAGE, size)).toBe(whole);
    }
  });

  it("passes a page without module scripts through as it was", async () => {
    const page = "<!DOCTYPE html><html><body><p>維修中</p></body></html>";
    expect(await throughTransform(page, 5)).toBe(page);
  });
});
