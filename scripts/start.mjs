// `npm start`: builds the app when the build is missing or older than the source, then serves it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const built = path.join(process.env.GATHER_BUILD_DIR ?? "build", "server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const sources = ["app", "public"].filter((dir) => fs.existsSync(dir));
const stale =
  !fs.existsSync(built) ||
  Math.max(...sources.map(newestMtime), fs.statSync("package.json").mtimeMs) > fs.statSync(built).mtimeMs;

if (stale) {
  console.log("Building the shop (first start or changed source)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
