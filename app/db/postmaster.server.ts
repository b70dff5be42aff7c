import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";

/**
 * A PostgreSQL left running on the embedded data directory (issue 26). When the server is killed
 * (SIGKILL, OOM killer, a crash), the postmaster it started is not: it runs on, holding the data
 * directory and its port, and the next start used to fail. Before starting, the server reads
 * `postmaster.pid`, and if the postmaster named there still runs on this directory and no live
 * server owns it, asks it for a fast shutdown (SIGINT: clients are disconnected, open transactions
 * roll back, everything committed is checkpointed) and waits for it to exit.
 */

/** The first lines of `postmaster.pid`: the postmaster's pid, its data directory and port. */
export interface PostmasterLock {
  pid: number;
  dataDir: string;
  port: number | undefined;
}

export function readPostmasterLock(databaseDir: string): PostmasterLock | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const [pidLine = "", dataDir = "", , portLine = ""] = text.split("\n");
  const pid = Number(pidLine.trim());
  const port = Number(portLine.trim());
  if (!Number.isInteger(pid) || pid === 0) return undefined;
  // A negative pid is a single-user backend; its process is the absolute value.
  return {
    pid: Math.abs(pid),
    dataDir: dataDir.trim(),
    port: Number.isInteger(port) && port > 0 ? port : undefined,
  };
}

interface ProcessInfo {
  args: string[];
  parentPid: number;
}

/** The process's command line and parent, or undefined when it is gone (a zombie counts as gone). */
function processInfo(pid: number): ProcessInfo | undefined {
  if (fs.existsSync("/proc/self/stat")) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses; read after the last ")".
      const [state = "", parent = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z" || state === "X") return undefined;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      return { args, parentPid: Number(parent) };
    } catch {
      return undefined;
    }
  }
  // macOS and other systems without /proc.
  try {
    const line = execFileSync("ps", ["-o", "ppid=,stat=,args=", "-p", String(pid)], {
      encoding: "utf8",
    }).trim();
    const [parent = "", state = "", ...args] = line.split(/\s+/);
    if (!line || state.startsWith("Z")) return undefined;
    return { args, parentPid: Number(parent) };
  } catch {
    return undefined;
  }
}

function sameDirectory(a: string, b: string): boolean {
  const real = (dir: string) => {
    try {
      return fs.realpathSync(dir);
    } catch {
      return path.resolve(dir);
    }
  };
  return real(a) === real(b);
}

/** The data directory a postgres command line names (`-D dir`), if it does. */
function dataDirOf(args: string[]): string | undefined {
  const flag = args.indexOf("-D");
  if (flag >= 0) return args[flag + 1];
  return args.find((arg) => arg.startsWith("-D") && arg.length > 2)?.slice(2);
}

const isPostgres = (args: string[]) => /(^|\/)(postgres|postmaster)$/.test(args[0] ?? "");
/**
 * A Gather server: the built one (`node build/shop/server.js`, as npm start, the Dockerfile and the
 * process tests run it) or the source one (`server/index.ts`, as npm run dev runs it).
 */
export const isGatherServer = (args: string[]) =>
  args.some((arg) => /(^|\/)(server\/index\.[jt]s|shop\/server\.js)$/.test(arg));

class PostmasterInUseError extends Error {}

/**
 * Makes the data directory free for a new postmaster: a stale `postmaster.pid` (its process gone,
 * or its pid now another program's) is removed; a postmaster left by a dead server is stopped.
 * Refuses, with a plain reason, when a live Gather server still owns it.
 */
export async function clearLeftoverPostmaster(
  databaseDir: string,
  options: { log?: Logger; stopTimeoutMs?: number } = {},
): Promise<void> {
  const lock = readPostmasterLock(databaseDir);
  if (!lock) return;
  const pidFile = path.join(databaseDir, "postmaster.pid");
  const info = lock.pid === process.pid ? undefined : processInfo(lock.pid);
  const onThisDir =
    info &&
    isPostgres(info.args) &&
    sameDirectory(dataDirOf(info.args) ?? (lock.dataDir || databaseDir), databaseDir);
  if (!info || !onThisDir) {
    // PostgreSQL would refuse to start while the pid in the file is alive, even as another program.
    fs.rmSync(pidFile, { force: true });
    options.log?.info({ pid: lock.pid }, "removed a stale postmaster.pid");
    return;
  }
  const parent = info.parentPid > 1 ? processInfo(info.parentPid) : undefined;
  if (parent && isGatherServer(parent.args)) {
    throw new PostmasterInUseError(
      `another Gather server (pid ${info.parentPid}) is running on ${path.dirname(databaseDir)}: stop it first, or give this one its own DATA_DIR`,
    );
  }
  options.log?.warn(
    { pid: lock.pid, port: lock.port, databaseDir },
    "PostgreSQL left running by a server that did not stop (crash or kill -9): stopping it before starting again",
  );
  const timeoutMs = options.stopTimeoutMs ?? 60_000;
  // Fast shutdown first; immediate shutdown (SIGQUIT: recovery from the WAL at the next start,
  // nothing committed lost) only if it does not end in time.
  if (await signalAndWait(lock.pid, "SIGINT", timeoutMs)) return;
  options.log?.warn({ pid: lock.pid }, "the leftover PostgreSQL did not stop in time: immediate shutdown");
  if (await signalAndWait(lock.pid, "SIGQUIT", 10_000)) return;
  throw new PostmasterInUseError(
    `PostgreSQL (pid ${lock.pid}) left running on ${databaseDir} did not stop; stop it, then start again`,
  );
}

async function signalAndWait(pid: number, signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
    throw new PostmasterInUseError(
      `PostgreSQL (pid ${pid}) of another user is running on this data directory; stop it, then start again`,
    );
  }
  const deadline = Date.now() + timeoutMs;
  // The postmaster is not our child: there is no exit event to wait for, only its pid to watch.
  while (processInfo(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
