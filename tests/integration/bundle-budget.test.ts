import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, inject, it } from "vitest";
import routes from "../../app/routes.ts";

/**
 * Issue 2: a storefront page loads at most 150 KB of gzipped JavaScript. A page loads the client
 * entry, root, every layout above it and its own module, each with the chunks they import
 * statically, and (issue 48, decision 0054) the message groups of its language that its routes
 * name in their `handle`, which the client entry loads before it hydrates. Other dynamic imports
 * load later, on demand, and are not counted.
 */
// Kilobytes of 1000 bytes, as Vite prints them after a build, so the figures can be compared.
const budgetBytes = 150_000;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// Back office and resource routes are not storefront pages.
const notStorefront = /^routes\/(admin|api)\//;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

interface Page {
  url: string;
  /** Route modules from root down to the page, as paths relative to app/. */
  modules: string[];
}

function storefrontPages(entries: RouteConfigEntry[], parents: string[] = [], base = ""): Page[] {
  return entries.flatMap((entry) => {
    const url = entry.index ? base || "/" : `${base}/${entry.path ?? ""}`.replace(/\/+$/, "") || "/";
    const modules = [...parents, entry.file];
    if (entry.children?.length) return storefrontPages(entry.children, modules, entry.path ? url : base);
    return notStorefront.test(entry.file) ? [] : [{ url, modules: ["root.tsx", ...modules] }];
  });
}

/** The message groups a route module names in its `handle` (`messages: [...]`), read from its source. */
function groupsNamed(appFile: string): string[] {
  const source = fs.readFileSync(path.join(import.meta.dirname, "../../app", appFile), "utf8");
  const handle = source.match(/export const handle\b[^=]*=\s*\{([^;]*)\};/s)?.[1] ?? "";
  const named = handle.match(/messages:\s*\[([^\]]*)\]/)?.[1] ?? "";
  return [...named.matchAll(/"(\w+)"/g)].map((match) => match[1]!);
}

/** The modules of a page's messages in its language: `shell` and the groups its routes name. */
function messageModules(page: Page): string[] {
  const locale = page.url === "/en" || page.url.startsWith("/en/") ? "en" : "zh-HK";
  const groups = new Set(page.modules.flatMap(groupsNamed));
  return [`i18n/messages/${locale}.ts`, ...[...groups].map((group) => `i18n/messages/${group}.${locale}.ts`)];
}

function chunkFor(manifest: ViteManifest, appFile: string): string {
  const source = `app/${appFile}`;
  const key = Object.keys(manifest).find((name) => name === source || name.startsWith(`${source}?`));
  if (!key) throw new Error(`${source} is missing from the client build manifest`);
  return key;
}

/** Every chunk a set of manifest keys pulls in through static imports, each once. */
function closure(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

describe("JavaScript budget of storefront pages", () => {
  const clientDir = path.join(inject("buildDir"), "client");
  const manifest: ViteManifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"),
  );
  const gzipped = new Map<string, number>();
  const sizeOf = (key: string) => {
    const file = manifest[key]!.file;
    if (!gzipped.has(file))
      gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length);
    return gzipped.get(file)!;
  };
  const entry = Object.keys(manifest).find(
    (key) => manifest[key]!.isEntry && /entry\.client\.[jt]sx?$/.test(manifest[key]!.src ?? ""),
  );
  const pages = storefrontPages(routes);

  it("finds the client entry and the storefront pages in the build", () => {
    expect(entry, "entry.client in .vite/manifest.json").toBeDefined();
    expect(pages.map((page) => page.url)).toEqual(expect.arrayContaining(["/", "/about", "/location"]));
    const login = pages.find((page) => page.url === "/en/login");
    expect(login && messageModules(login)).toEqual(["i18n/messages/en.ts", "i18n/messages/member.en.ts"]);
  });

  it.each(pages.map((page) => [page.url, page] as const))(
    "%s loads at most 150 kB of gzipped JavaScript",
    (_url, page) => {
      const modules = [...page.modules, ...messageModules(page)];
      const chunks = closure(manifest, [entry!, ...modules.map((module) => chunkFor(manifest, module))]);
      const total = [...chunks].reduce((sum, key) => sum + sizeOf(key), 0);
      const biggest = [...chunks]
        .sort((a, b) => sizeOf(b) - sizeOf(a))
        .slice(0, 4)
        .map((key) => `${manifest[key]!.file.replace(/^assets\//, "")} ${kB(sizeOf(key))}`)
        .join(", ");
      const figures = `${page.url}: ${kB(total)} gzipped in ${chunks.size} chunks (largest: ${biggest})`;
      console.log(figures);
      expect(total, figures).toBeLessThanOrEqual(budgetBytes);
    },
  );
});
