import { describe, expect, it } from "vitest";
import { addChildRefusal, moveRefusal, nextPosition, reorderSiblings } from "./category-tree.ts";

describe("reorderSiblings", () => {
  it("swaps a node with the one before it when moved up", () => {
    expect(reorderSiblings([4, 7, 9], 7, "up")).toEqual([7, 4, 9]);
    expect(reorderSiblings([4, 7, 9], 9, "up")).toEqual([4, 9, 7]);
  });

  it("swaps a node with the one after it when moved down", () => {
    expect(reorderSiblings([4, 7, 9], 4, "down")).toEqual([7, 4, 9]);
    expect(reorderSiblings([4, 7, 9], 7, "down")).toEqual([4, 9, 7]);
  });

  it("leaves the first node first and the last node last", () => {
    expect(reorderSiblings([4, 7, 9], 4, "up")).toBeNull();
    expect(reorderSiblings([4, 7, 9], 9, "down")).toBeNull();
    expect(reorderSiblings([4], 4, "down")).toBeNull();
  });

  it("knows nothing of a node that is not a sibling", () => {
    expect(reorderSiblings([4, 7, 9], 8, "up")).toBeNull();
    expect(reorderSiblings([], 8, "down")).toBeNull();
  });

  it("does not change the list it was given", () => {
    const ids = [1, 2, 3];
    reorderSiblings(ids, 2, "up");
    expect(ids).toEqual([1, 2, 3]);
  });
});

describe("addChildRefusal", () => {
  it("lets a top-level category take subcategories", () => {
    expect(addChildRefusal({ id: 1, parentId: null })).toBeNull();
  });

  it("refuses a third level", () => {
    expect(addChildRefusal({ id: 2, parentId: 1 })).toBe("parent_not_top_level");
  });
});

describe("moveRefusal", () => {
  const beef = { id: 1, parentId: null };
  const pork = { id: 2, parentId: null };
  const steaks = { id: 11, parentId: 1 };
  const chops = { id: 21, parentId: 2 };

  it("moves a subcategory to another top-level category", () => {
    expect(moveRefusal(steaks, pork)).toBeNull();
  });

  it("refuses to move a top-level category under another", () => {
    expect(moveRefusal(beef, pork)).toBe("not_subcategory");
  });

  it("refuses a subcategory or the node itself as the new parent", () => {
    expect(moveRefusal(steaks, chops)).toBe("target_not_top_level");
    expect(moveRefusal(steaks, steaks)).toBe("target_not_top_level");
  });

  it("says when the subcategory is already there", () => {
    expect(moveRefusal(steaks, beef)).toBe("same_parent");
  });
});

describe("nextPosition", () => {
  it("puts a new node after its siblings", () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([0, 1, 2])).toBe(3);
    expect(nextPosition([5, 2, 9])).toBe(10);
  });
});
