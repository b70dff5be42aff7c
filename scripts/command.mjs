// `npm run admin:grant | check:ledger | settings | seed:demo`: runs the operator's command bundled by
// `npm run build` (scripts/build-server.mjs) to <build>/commands/<name>.js with plain node, so the
// same command works on a developer's machine and in a production install without tsx. The build
// is made first when it is missing or older than the source, as `npm start` does.
//   node scripts/command.mjs <name> [arguments…]     e.g. node scripts/command.mjs admin-grant 91234567
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { buildDir, buildIfStale } from "./build-state.mjs";

const [name, ...args] = process.argv.slice(2);
const names = ["admin-grant", "check-ledger", "settings", "seed-demo"];
if (!names.includes(name)) {
  console.error(`Usage: node scripts/command.mjs <${names.join("|")}> [arguments…]`);
  process.exit(2);
}
const bundle = path.join(buildDir, "commands", `${name}.js`);
buildIfStale([bundle], ["app", "server", `scripts/${name}.ts`, "scripts/build-server.mjs"], "changed source");

const child = spawn(process.execPath, ["--enable-source-maps", bundle, ...args], { stdio: "inherit" });
// Ctrl-C reaches the command itself (same process group), which stops its database and exits;
// this process waits for it. A SIGTERM sent to this process alone is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("error", (error) => {
  console.error(`${name} could not run: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
