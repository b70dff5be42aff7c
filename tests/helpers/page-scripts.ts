import { request } from "./net.ts";

/** The module scripts a page's HTML loads up front (its inline module script's imports). */
export function entryScripts(html: string): string[] {
  return [...html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
}

/**
 * These scripts of the shop at `origin` and all they import statically, by address, each with its
 * text. Static imports only: what loads on demand (`import("…")`) is not part of the page.
 */
export async function scriptClosure(origin: string, sources: string[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const visit = async (source: string): Promise<void> => {
    if (seen.has(source)) return;
    seen.set(source, "");
    const text = (await request(origin, source)).body;
    seen.set(source, text);
    const imported = [...text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g)].map(
      (match) => new URL(match[1]!, `http://shop${source}`).pathname,
    );
    await Promise.all(imported.map(visit));
  };
  await Promise.all(sources.map(visit));
  return seen;
}
