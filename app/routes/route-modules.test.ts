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

/** `route("member/:id", "routes/admin/member-edit.tsx")`: each URL with the file that serves it. */
function configuredRoutes(): { url: string; file: string }[] {
  const config = fs.readFileSync(path.join(routesDir, "..", "routes.ts"), "utf8");
  return [...config.matchAll(/route\("([^"]+)", "routes\/([^"]+)\.tsx"/g)].map((match) => ({
    url: match[1] ?? "",
    file: match[2] ?? "",
  }));
}

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

describe("route file names", () => {
  // The file of a page is named after the first segment of its address (`/admin/deadline/:id` in
  // `admin/deadline-edit.tsx`), so the page behind a URL is found by its name. Shared files and
  // the routes that answer several addresses are the listed exceptions.
  const shared = new Set(["shop/listing", "shop/not-found", "payment/choose", "payment/result"]);

  it("follow the address they serve", () => {
    const routes = configuredRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const misnamed = routes.filter(({ url, file }) => {
      if (shared.has(file) || file.startsWith("account/")) return false;
      const segment = url.split("/").find((part) => part && !part.startsWith(":")) ?? "";
      // A folder (`payment/payme.tsx`) or a nested view (`weekly-order-packing.tsx`) names it too.
      return !file.split("/").some((part) => part.startsWith(segment) || part.endsWith(`-${segment}`));
    });
    expect(misnamed).toEqual([]);
  });
});
