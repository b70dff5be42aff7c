import { ChevronDown, ChevronUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import type {
  CategoryAdminNode,
  CategoryAdminTree,
  MoveDirection,
} from "~/domain/catalogue/category-tree.ts";
import { t } from "~/i18n/admin.ts";
import { adminDialogClass, ConfirmDialog } from "./confirm-dialog.tsx";

/** One node of the tree as the page shows it (see CatalogueAdminService.categoryTree). */
export type CategoryTreeNode = CategoryAdminNode;
export type CategoryTreeTop = CategoryAdminTree;

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg border border-stone-300 bg-white text-stone-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-white";

/**
 * The two-level tree of /admin/category in menu order: each top-level category is a card with its
 * subcategories; every node can move up and down among its siblings, be edited and be deleted.
 */
export function CategoryTreeList({ tree }: { tree: CategoryTreeTop[] }) {
  if (tree.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">
        {t("admin.categories.empty")}
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label={t("admin.categories.title")} data-testid="category-tree">
      {tree.map((top, index) => (
        <li
          key={top.id}
          className="overflow-hidden rounded-xl bg-white shadow-sm"
          data-testid="category-node"
          data-category-id={top.id}
        >
          <NodeRow
            node={top}
            first={index === 0}
            last={index === tree.length - 1}
            childCount={top.children.length}
          />
          {top.children.length > 0 ? (
            <ol className="divide-y divide-stone-100 border-t border-stone-200 bg-stone-50/60 pl-4 sm:pl-8">
              {top.children.map((child, childIndex) => (
                <li key={child.id} data-testid="category-node" data-category-id={child.id}>
                  <NodeRow
                    node={child}
                    first={childIndex === 0}
                    last={childIndex === top.children.length - 1}
                    childCount={0}
                  />
                </li>
              ))}
            </ol>
          ) : (
            <p className="border-t border-stone-200 bg-stone-50/60 px-4 py-2 pl-8 text-sm text-stone-600">
              {t("admin.categories.noChildren")}
            </p>
          )}
          <div className="border-t border-stone-200 px-3 py-2 sm:px-4">
            <Link
              to={`?add=${top.id}`}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-label={t("admin.categories.addChildTo", { name: top.name })}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t("admin.categories.addChild")}
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}

function NodeRow({
  node,
  first,
  last,
  childCount,
}: {
  node: CategoryTreeNode;
  first: boolean;
  last: boolean;
  childCount: number;
}) {
  const top = node.parentId === null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:px-4">
      {top && node.image ? (
        <img src={node.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p
          className={`break-words ${top ? "text-base font-bold text-stone-900" : "text-sm font-medium text-stone-900"}`}
        >
          {node.name}
        </p>
        <p className="text-xs text-stone-600">
          <code>{node.slug}</code>
          <span aria-hidden="true"> · </span>
          <span data-testid="category-products" className="whitespace-nowrap">
            {t("admin.categories.products", { count: node.products })}
          </span>
        </p>
      </div>
      <div className="flex items-center gap-1.5">
        <ReorderButton node={node} direction="up" disabled={first} />
        <ReorderButton node={node} direction="down" disabled={last} />
        <Link
          to={`?edit=${node.id}`}
          preventScrollReset
          className={iconButton}
          aria-label={t("admin.categories.editLabel", { name: node.name })}
          title={t("admin.categories.edit")}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Link>
        <DeleteCategoryButton node={node} childCount={childCount} />
      </div>
    </div>
  );
}

/**
 * Moves a node one place among its siblings without leaving the page; focus comes back to the
 * same button (or its partner once the node reaches an end), so the keyboard can keep moving it.
 */
function ReorderButton({
  node,
  direction,
  disabled,
}: {
  node: CategoryTreeNode;
  direction: MoveDirection;
  disabled: boolean;
}) {
  const fetcher = useFetcher({ key: `category-reorder-${node.id}-${direction}` });
  const wasBusy = useRef(false);
  const id = `category-${direction}-${node.id}`;
  const partnerId = `category-${direction === "up" ? "down" : "up"}-${node.id}`;
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const own = document.getElementById(id) as HTMLButtonElement | null;
    const partner = document.getElementById(partnerId) as HTMLButtonElement | null;
    (own && !own.disabled ? own : partner)?.focus();
  }, [fetcher.state, id, partnerId]);
  const label =
    direction === "up"
      ? t("admin.categories.moveUp", { name: node.name })
      : t("admin.categories.moveDown", { name: node.name });
  const Icon = direction === "up" ? ChevronUp : ChevronDown;
  return (
    <fetcher.Form method="post" action="/admin/category" preventScrollReset>
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="id" value={node.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        id={id}
        disabled={disabled}
        className={iconButton}
        aria-label={label}
        title={label}
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </fetcher.Form>
  );
}

/**
 * Deleting asks first. A category that products still use cannot go: the dialog says so with the
 * count instead of asking (the server refuses it too, should a product arrive in the meantime).
 */
function DeleteCategoryButton({ node, childCount }: { node: CategoryTreeNode; childCount: number }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const idBase = useId();
  const label = t("admin.categories.deleteLabel", { name: node.name });
  return (
    <Form method="post" action="/admin/category" preventScrollReset ref={formRef}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={node.id} />
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`${iconButton} text-accent-600`}
        aria-label={label}
        title={t("admin.categories.delete")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
      {node.products > 0 ? (
        <Modal
          open={open}
          onOpenChange={setOpen}
          labelledBy={`${idBase}-title`}
          describedBy={`${idBase}-body`}
          className={adminDialogClass}
        >
          <div className="p-6">
            <h2 id={`${idBase}-title`} className="text-lg font-bold text-stone-900">
              {t("admin.categories.inUseTitle", { name: node.name })}
            </h2>
            <p id={`${idBase}-body`} className="mt-2 text-stone-700">
              {t("admin.categories.inUse", { count: node.products })}
            </p>
            <div className="mt-6 flex justify-end">
              <Button size="md" type="button" onClick={() => setOpen(false)}>
                {t("admin.categories.understood")}
              </Button>
            </div>
          </div>
        </Modal>
      ) : (
        <ConfirmDialog
          open={open}
          title={t("admin.categories.confirmDeleteTitle", { name: node.name })}
          body={
            childCount > 0
              ? t("admin.categories.confirmDeleteChildren", { name: node.name, count: childCount })
              : t("admin.categories.confirmDeleteBody")
          }
          confirmLabel={t("admin.categories.confirmDelete")}
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            formRef.current?.requestSubmit();
          }}
        />
      )}
    </Form>
  );
}
