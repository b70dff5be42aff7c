import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session.server.ts";

describe("safeRedirect", () => {
  it.each([
    "/\\\\evil.example/x",
    "/\\evil.example/x",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "//evil.example",
    "///evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/../\\/evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("keeps %j on the shop", (target) => {
    const to = safeRedirect(target);
    const landed = new URL(to, "https://gather.example");
    expect(landed.origin).toBe("https://gather.example");
    expect(to).not.toMatch(/^\/\/|[\t\r\n\\]/);
  });

  it("sends anything that is not a path on the shop to the fallback", () => {
    expect(safeRedirect("/\\evil.example/x")).toBe("/account");
    expect(safeRedirect("/\t/evil.example", "/")).toBe("/");
    expect(safeRedirect(null)).toBe("/account");
  });

  it("keeps a path with its query and fragment", () => {
    expect(safeRedirect("/cart?from=drawer#pay")).toBe("/cart?from=drawer#pay");
    expect(safeRedirect("/product/%E7%89%9B")).toBe("/product/%E7%89%9B");
    expect(safeRedirect("/all?q=牛")).toBe("/all?q=%E7%89%9B");
  });
});
