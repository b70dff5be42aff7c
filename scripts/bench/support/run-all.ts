/**
 * `npm run bench`: every benchmark in scripts/bench/ (not this folder) one after the other, each in
 * its own process so one that fails does not stop the rest; exits 1 at the end if any failed.
 * The build is made once first, so no bench builds while another measures.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild, projectRoot } from "./harness.ts";

const folder = path.join(projectRoot, "scripts/bench");
const benches = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith(".ts"))
  .sort();
ensureBuild();
const failed: string[] = [];
for (const name of benches) {
  console.log(`\n━━ ${name} ━━`);
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(folder, name)], {
    cwd: projectRoot,
    stdio: "inherit",
  });
  if (run.status !== 0) failed.push(`${name} (exit ${run.status ?? run.signal})`);
}
console.log(`\n${benches.length - failed.length} of ${benches.length} benchmarks ran to the end`);
if (failed.length > 0) console.log(`failed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
