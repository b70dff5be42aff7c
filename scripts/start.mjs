// `npm start`: builds the shop when the build is missing or older than the source, then serves it
// with plain node (the server is bundled to build/shop/server.js by `npm run build`).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const buildDir = process.env.GATHER_BUILD_DIR ?? "build";
const built = [path.join(buildDir, "server/index.js"), path.join(buildDir, "shop/server.js")];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const sources = ["app", "public", "server"].filter((dir) => fs.existsSync(dir));
const stale =
  !built.every((file) => fs.existsSync(file)) ||
  Math.max(...sources.map(newestMtime), fs.statSync("package.json").mtimeMs) >
    Math.min(...built.map((file) => fs.statSync(file).mtimeMs));

if (stale) {
  console.log("Building the shop (first start or changed source)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The IPC channel is how the server knows this process is gone: if it is killed (even by SIGKILL,
// which cannot be passed on), the channel closes and the server stops as on SIGTERM, embedded
// PostgreSQL included, instead of running on without anyone to stop it.
const server = spawn(process.execPath, ["--enable-source-maps", built[1]], {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("error", (error) => {
  console.error(`Gather could not start: ${error.message}`);
  process.exit(1);
});
server.on("exit", (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal (kill -9, the OOM killer): say so, and exit as a shell would (128 + n), so a
  // supervisor sees a failure and restarts it. The next start stops the PostgreSQL it left behind.
  console.error(`Gather stopped: the server process was killed by ${signal}`);
  process.exit(128 + (os.constants.signals[signal] ?? 0));
});
