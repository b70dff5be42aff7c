// `react-router` (the CLI of @react-router/dev) for `npm run build` and `npm run typecheck`, less one
// warning the CLI causes and the shop cannot: its own Vite servers (the one that reads
// react-router.config.ts, and the route child compiler) pass `envFile: false`, which Vite 8
// deprecates, nine times a build. Every 7.x release does so (7.18.7 too); React Router 8 passes
// `envDir: false` (remix-run/react-router#15230), and the shop keeps React Router on one 7.x version.
// Only that exact line is dropped; scripts/react-router.test.ts fails once @react-router/dev stops
// passing `envFile`, and then this file goes (issue 45 item 6).
import { createRequire } from "node:module";
import path from "node:path";

const UPSTREAM_WARNING = "The `envFile` option is deprecated, please use `envDir: false` instead.";

const warn = console.warn;
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].includes(UPSTREAM_WARNING)) return;
  warn(...args);
};

// The package's own `bin` entry, as npm would run it.
const require = createRequire(import.meta.url);
const manifest = require.resolve("@react-router/dev/package.json");
require(path.join(path.dirname(manifest), require(manifest).bin["react-router"]));
