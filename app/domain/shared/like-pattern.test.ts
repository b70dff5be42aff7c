import { describe, expect, it } from "vitest";
import { containsPattern } from "./like-pattern.ts";

describe("containsPattern", () => {
  it("matches the text anywhere", () => {
    expect(containsPattern("牛扒")).toBe("%牛扒%");
  });

  it("takes %, _ and \\ typed by a person literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\x")).toBe("%c:\\\\x%");
  });
});
