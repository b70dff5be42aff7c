// The build's freshness, shared by `npm start` (scripts/start.mjs) and the operator's commands
// (scripts/command.mjs): the build is made again when a file it needs is missing or older than the
// source. A production install (no source, or no devDependencies) uses the build it was given.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const buildDir = process.env.GATHER_BUILD_DIR ?? "build";

function newestMtime(file) {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file)) {
    const time = newestMtime(path.join(file, entry));
    if (time > newest) newest = time;
  }
  return newest;
}

/** True when a built file is missing, or a source (folder or file; those absent are skipped) is newer. */
export function isStale(built, sources) {
  if (!built.every((file) => fs.existsSync(file))) return true;
  const present = [...sources, "package.json"].filter((source) => fs.existsSync(source));
  return Math.max(...present.map(newestMtime)) > Math.min(...built.map((file) => fs.statSync(file).mtimeMs));
}

/** Runs `npm run build` when the build is stale; exits with a plain line when it cannot. */
export function buildIfStale(built, sources, why) {
  if (!isStale(built, sources)) return;
  if (!fs.existsSync("node_modules/@react-router/dev")) {
    const missing = built.filter((file) => !fs.existsSync(file));
    console.error(
      missing.length > 0
        ? `${missing.join(", ")} missing, and this install cannot build (no devDependencies): run \`npm run build\` before \`npm prune --omit=dev\``
        : `The build in ${buildDir}/ is older than the source, and this install cannot build (no devDependencies): run \`npm run build\` where it can`,
    );
    process.exit(1);
  }
  console.error(`Building the shop (${why})…`);
  // The build's own output goes to stderr: a command's stdout stays its own answer.
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: ["inherit", 2, "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
