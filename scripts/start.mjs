// `npm start`: builds the shop when the build is missing or older than the source, then serves it
// with plain node (the server is bundled to build/shop/server.js by `npm run build`).
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { buildDir, buildIfStale } from "./build-state.mjs";

const built = [path.join(buildDir, "server/index.js"), path.join(buildDir, "shop/server.js")];
buildIfStale(built, ["app", "public", "server"], "first start or changed source");

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
