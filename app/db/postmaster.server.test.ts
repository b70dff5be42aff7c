import { describe, expect, it } from "vitest";
import { isGatherServer } from "./postmaster.server.ts";

describe("isGatherServer", () => {
  it("knows the built server and the source server by their command lines", () => {
    expect(isGatherServer(["node", "--enable-source-maps", "/srv/gather/build/shop/server.js"])).toBe(true);
    expect(isGatherServer(["node", "build/shop/server.js"])).toBe(true);
    expect(isGatherServer(["node", "--import", "tsx", "server/index.ts"])).toBe(true);
  });

  it("does not take another node program for one", () => {
    expect(isGatherServer(["node", "/usr/lib/node_modules/npm/bin/npm-cli.js", "start"])).toBe(false);
    expect(isGatherServer(["node", "scripts/start.mjs"])).toBe(false);
    expect(isGatherServer(["node", "build/shop/server.js.map"])).toBe(false);
  });
});
