import type { Express } from "express";

/** One path Express answers itself, before React Router, and the methods it answers there. */
export interface ExpressEndpoint {
  path: string;
  methods: string[];
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  rawPath?: unknown;
  name?: string;
}

/**
 * Every endpoint of the shop's Express app (server/app.ts) that is not React Router's catch-all:
 * its own routes (`app.get`, `app.post`: /healthz, /api/page-view…) with their methods, and the
 * folders it serves files from (`app.use("/uploads", …)`, GET). Read from the app's router, so an
 * endpoint added later is tested without being named here.
 */
export function expressEndpoints(app: Express): ExpressEndpoint[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const found: ExpressEndpoint[] = [];
  for (const layer of stack) {
    if (layer.route) {
      if (layer.route.path.includes("*")) continue;
      found.push({
        path: layer.route.path,
        methods: Object.keys(layer.route.methods).map((method) => method.toUpperCase()),
      });
    } else if (typeof layer.rawPath === "string" && layer.rawPath !== "/") {
      found.push({ path: `${layer.rawPath}/nothing.png`, methods: ["GET"] });
    }
  }
  return found;
}
