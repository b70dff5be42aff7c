import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, withScriptSources } from "./page-cache.ts";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;

describe("a kept page's script sources (decision 0035)", () => {
  it("are 'self' and the hash of each inline script, not of scripts loaded from a file", () => {
    const html = `<html><head><script type="module" src="/assets/a.js"></script>
      <script>window.a = "雞翼";</script></head><body><script type="module" async="">import "/b.js";
</script><script>window.a = "雞翼";</script><script></script></body></html>`;
    expect(inlineScriptHashes(html)).toBe(
      ["'self'", sha('window.a = "雞翼";'), sha('import "/b.js";\n'), sha("")].join(" "),
    );
  });

  it("replace only the policy's script-src, without a nonce or 'strict-dynamic'", () => {
    const policy = "default-src 'self';script-src 'nonce-abc' 'strict-dynamic' 'self';object-src 'none'";
    expect(withScriptSources(policy, "'self' 'sha256-x'")).toBe(
      "default-src 'self';script-src 'self' 'sha256-x';object-src 'none'",
    );
  });
});
