#!/usr/bin/env node
/**
 * Before the browser journeys: the system Chromium (playwright.config.ts launches /usr/bin/chromium;
 * `playwright install` is never run) and a CJK font, so zh-HK text renders instead of boxes.
 * When either is missing it installs both with apt-get as root, and otherwise stops with one line
 * saying what to install. `npm test` and `npm run test:e2e` run it first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-noto-cjk"];

function hasChromium() {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Any font that covers Chinese (fontconfig), or else the Debian package itself. */
function hasCjkFont() {
  try {
    if (execFileSync("fc-list", [":lang=zh", "family"], { encoding: "utf8", stdio: "pipe" }).trim())
      return true;
  } catch {
    // No fontconfig tools: ask dpkg below.
  }
  return spawnSync("dpkg", ["-s", "fonts-noto-cjk"], { stdio: "ignore" }).status === 0;
}

function missing() {
  return [hasChromium() ? null : "chromium", hasCjkFont() ? null : "fonts-noto-cjk"].filter(Boolean);
}

function stop(line) {
  console.error(line);
  process.exit(1);
}

const before = missing();
if (before.length === 0) process.exit(0);

const hint = `the browser tests need ${CHROMIUM} and a CJK font: apt-get install --no-install-recommends ${PACKAGES.join(" ")}`;
const root = typeof process.getuid === "function" && process.getuid() === 0;
const aptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
if (!root || !aptGet) stop(hint);

console.log(`ensure-browser: installing ${PACKAGES.join(" ")} (missing: ${before.join(", ")})`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...PACKAGES]]) {
  const result = spawnSync("apt-get", args, { env, stdio: "inherit" });
  if (result.status !== 0) stop(`apt-get ${args[0]} failed; ${hint}`);
}
const after = missing();
if (after.length > 0) stop(`still missing after apt-get (${after.join(", ")}); ${hint}`);
