/**
 * The rules of the two-level category tree (SPEC §7): top-level categories, each with
 * subcategories, ordered by position among their siblings. Pure: the back office service loads
 * the rows, asks these rules, then writes.
 */

export type MoveDirection = "up" | "down";

/** One node of the back office's tree (/admin/category), as the service reads it and the page shows it. */
export interface CategoryAdminNode {
  id: number;
  parentId: number | null;
  name: string;
  /** Blank where not given: English pages show the Chinese (issue 48 item 2). */
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  image: string | null;
  /** Every product filed here, published or not (a top-level count includes its subcategories'). */
  products: number;
}

/** A top-level node with its subcategories. */
export interface CategoryAdminTree extends CategoryAdminNode {
  children: CategoryAdminNode[];
}

export interface TreeNode {
  id: number;
  parentId: number | null;
}

/**
 * The sibling ids in their new order after moving `id` one place up or down; null when it is
 * already first (up) or last (down), or not among the siblings.
 */
export function reorderSiblings(orderedIds: readonly number[], id: number, direction: MoveDirection) {
  const from = orderedIds.indexOf(id);
  if (from === -1) return null;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= orderedIds.length) return null;
  const next = [...orderedIds];
  next[from] = orderedIds[to]!;
  next[to] = id;
  return next;
}

/** Why a new category cannot go under `parent`: only top-level categories take subcategories. */
export function addChildRefusal(parent: TreeNode): "parent_not_top_level" | null {
  return parent.parentId === null ? null : "parent_not_top_level";
}

export type MoveRefusal = "not_subcategory" | "target_not_top_level" | "same_parent";

/**
 * Why a node cannot move under `target`: only subcategories move, and only to another top-level
 * category (the tree has two levels, so a category with children never becomes a child).
 */
export function moveRefusal(node: TreeNode, target: TreeNode): MoveRefusal | null {
  if (node.parentId === null) return "not_subcategory";
  if (target.parentId !== null || target.id === node.id) return "target_not_top_level";
  if (target.id === node.parentId) return "same_parent";
  return null;
}

/** The position for a node added at the end of its siblings. */
export function nextPosition(siblingPositions: readonly number[]): number {
  return siblingPositions.length === 0 ? 0 : Math.max(...siblingPositions) + 1;
}
