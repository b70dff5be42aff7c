import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 29 item 5: every page route has an error boundary, so a failed loader shows a page inside
 * the shop's or the back office's frame instead of replacing the whole document.
 */
const routesDir = path.dirname(new URL(import.meta.url).pathname);

function pageRoutes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageRoutes(file);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [file] : [];
  });
}

const exportsBoundary = /export (function ErrorBoundary\b|\{[^}]*\bas ErrorBoundary\b[^}]*\} from)/;

describe("route modules", () => {
  const files = pageRoutes(routesDir);

  it("are found", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("each export an ErrorBoundary", () => {
    const without = files.filter((file) => !exportsBoundary.test(fs.readFileSync(file, "utf8")));
    expect(without.map((file) => path.relative(routesDir, file))).toEqual([]);
  });
});
