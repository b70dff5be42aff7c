import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const read = (file: string) => readFileSync(file, "utf8");
const devDist = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "dist");
const viteDist = path.join(path.dirname(require.resolve("vite/package.json")), "dist/node/chunks/node.js");
const launcher = read(path.join(import.meta.dirname, "react-router.mjs"));
const warning = /UPSTREAM_WARNING = "(.+)";/.exec(launcher)?.[1];

// scripts/react-router.mjs drops one line of Vite's for as long as @react-router/dev causes it.
describe("the react-router launcher's filter", () => {
  it("names the exact warning Vite prints", () => {
    expect(warning).toBeDefined();
    expect(read(viteDist)).toContain(warning);
  });

  it("is still needed: @react-router/dev passes envFile to its own Vite servers (remove the launcher when this fails)", () => {
    const sources = [read(path.join(devDist, "vite.js")), read(path.join(devDist, "cli/index.js"))];
    expect(sources.some((source) => source.includes("envFile: false"))).toBe(true);
  });
});
