import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { projectRoot } from "./server.ts";

/**
 * Every URL pattern of app/routes.ts, flattened (layouts dropped, prefixes joined), so tests that
 * must cover "every route" or "every action" cover the ones added later without being told.
 */
export interface AppRoute {
  id: string;
  /** The pattern, e.g. `/admin/member/:id`, `/merchant/:name/:id`, `/*`. */
  pattern: string;
  file: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** Behind the back office's admin check. */
  admin: boolean;
}

const exported = (source: string, name: string) =>
  new RegExp(`export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(source);

export function appRoutes(): AppRoute[] {
  const found: AppRoute[] = [];
  const walk = (entries: readonly RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
      if (entry.children?.length) {
        walk(entry.children, joined);
        continue;
      }
      const source = fs.readFileSync(path.join(projectRoot, "app", entry.file), "utf8");
      const pattern = joined || "/";
      found.push({
        id: entry.id ?? entry.file,
        pattern,
        file: entry.file,
        hasAction: exported(source, "action"),
        hasLoader: exported(source, "loader"),
        admin: pattern === "/admin" || pattern.startsWith("/admin/"),
      });
    }
  };
  walk(routes, "/");
  return found;
}

/** The pattern with each `:param` (and a trailing `*`) replaced by what `fill` gives for its name. */
export function fillPattern(pattern: string, fill: (param: string) => string): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return fill("*");
      if (segment.startsWith(":")) return fill(segment.slice(1).replace(/\?$/, ""));
      return segment;
    })
    .join("/");
}
