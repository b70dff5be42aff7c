import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { keepProductPageData } from "./page-data.ts";

function args(
  current: string,
  next: string,
  submission: { formMethod: "POST"; formAction: string; actionResult?: unknown } | null = null,
): ShouldRevalidateFunctionArgs {
  const url = (path: string) => new URL(path, "https://gather.example");
  return {
    currentUrl: url(current),
    nextUrl: url(next),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...submission,
  } as ShouldRevalidateFunctionArgs;
}

describe("keepProductPageData", () => {
  it("keeps the page's data when only the drawer opens or closes", () => {
    expect(keepProductPageData(args("/all?page=2", "/all?page=2&product=7"))).toBe(false);
    expect(keepProductPageData(args("/all?product=7&page=2", "/all?page=2"))).toBe(false);
  });

  it("loads again when asked to revalidate the same address (the drawer's product is not on the page)", () => {
    expect(keepProductPageData(args("/all?product=7", "/all?product=7"))).toBe(true);
  });

  it("otherwise does what React Router would: another page or filter loads again", () => {
    expect(keepProductPageData(args("/all?page=2", "/all?page=3"))).toBe(true);
    expect(keepProductPageData(args("/all", "/instock?product=7"))).toBe(true);
    expect(keepProductPageData({ ...args("/all", "/instock"), defaultShouldRevalidate: false })).toBe(false);
  });

  it("keeps it when a product is added to the cart, and loads again after any other submission", () => {
    const post = (formAction: string, actionResult?: unknown) =>
      keepProductPageData(args("/all", "/all", { formMethod: "POST", formAction, actionResult }));
    expect(post("/cart", { outcome: "added" })).toBe(false);
    expect(post("/cart", { outcome: "reset" })).toBe(false);
    // Refused: the page loads again and shows the product sold out or at its limit.
    expect(post("/cart", { outcome: "soldOut" })).toBe(true);
    expect(post("/cart", { outcome: "limit" })).toBe(true);
    expect(post("/all")).toBe(true);
    expect(post("/logout")).toBe(true);
  });
});
