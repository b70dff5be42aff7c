import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { inject } from "vitest";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  output(): string;
  exited: Promise<Exit>;
}

/**
 * Runs the bundled server (`node <build>/shop/server.js`, made by `npm run build`) the way `npm start`
 * does; GATHER_BUILD_DIR names the build, the run's own by default. The parent's environment is
 * passed on without DATABASE_URL and NODE_ENV (CI sets one, Vitest the other), so each test says
 * exactly which database and mode it wants.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const inherited = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "NODE_ENV",
    "PORT",
    "HOST",
    "EMBEDDED_PG_PORT",
    "DATA_DIR",
    "SHOP_MODE",
    "DEMO_PUBLIC",
    "TRUST_PROXY",
  ]) {
    delete inherited[name];
  }
  const buildDir = path.resolve(projectRoot, env.GATHER_BUILD_DIR ?? inject("buildDir"));
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(buildDir, "shop/server.js")], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

export interface RunningServer extends ServerProcess {
  url: string;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/** Starts the server and waits until GET /healthz answers 200 (first start runs initdb: be patient). */
export async function startServer(
  env: Record<string, string> & { PORT: string },
  timeoutMs = 90_000,
): Promise<RunningServer> {
  const server = spawnServer({ HOST: "127.0.0.1", ...env });
  const url = `http://127.0.0.1:${env.PORT}`;
  let exit: Exit | undefined;
  void server.exited.then((value) => {
    exit = value;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit) {
      throw new Error(`server exited (${exit.code ?? exit.signal}) before it was ready:\n${server.output()}`);
    }
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
    }
    const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    ...server,
    url,
    stop(signal = "SIGTERM") {
      if (exit) return Promise.resolve(exit);
      server.child.kill(signal);
      return server.exited;
    },
  };
}
