import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "~/components/layout/deferred-scripts.tsx";
import { deferModuleScripts } from "./defer-module-scripts.server.ts";

const PAGE = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  "</head><body><main><p>齊齊買 1 &lt; 2</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {"a":1};</script>',
  '<script nonce="abc" type="module" async="">import "/assets/entry.client.js";</script>',
  '<script nonce="abc">window.__reactRouterContext.streamController.enqueue(" type=\\"module\\" async=\\"\\" <link rel=\\"modulepreload\\"/>");</script>',
  "</body></html>",
].join("");

const defer = (page: string) => deferModuleScripts(Buffer.from(page)).toString();

describe("deferModuleScripts (decisions 0019, 0021)", () => {
  it("leaves the module preloads out, makes the router's module script inert and the rest as it was", () => {
    const out = defer(PAGE);
    const module = ` type="${DEFERRED_MODULE_TYPE}"`.padEnd(' type="module" async=""'.length);
    expect(out).not.toContain('modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(out).toContain(`<script nonce="abc"${module}>import "/assets/entry.client.js";</script>`);
    expect(out).not.toContain('<script nonce="abc" type="module"');
    // What comes after the module script (the loader data) is untouched.
    expect(out).toContain('enqueue(" type=\\"module\\" async=\\"\\" <link rel=\\"modulepreload\\"/>")');
    expect(out.replace(module, ' type="module" async=""')).toBe(
      PAGE.replace(/<link rel="modulepreload"[^>]*\/>/g, ""),
    );
  });

  it("passes a page without module scripts through as it was", () => {
    const page = "<!DOCTYPE html><html><body><p>維修中</p></body></html>";
    expect(defer(page)).toBe(page);
  });
});
