import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { X } from "lucide-react";
import { useId } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import { Select } from "~/components/ui/select.tsx";
import { categoryFormSchema } from "~/domain/catalogue/admin-catalogue.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import type { CategoryTreeNode, CategoryTreeTop } from "./category-tree.tsx";
import { ImageField } from "./image-field.tsx";
import { DescriptionField, EnglishTextField, SlugField, TextField } from "./record-form.tsx";

/** The tree without a dialog: where closing one goes. */
const CATEGORY_TREE = "/admin/category";

/** What the URL asks the dialog to show: `?add=top`, `?add=<parent id>` or `?edit=<id>`. */
export type CategoryDialogState =
  | { kind: "create"; parent: { id: number; name: string } | null }
  | { kind: "edit"; node: CategoryTreeNode };

/**
 * The dialog an address asks for: `?add=top`, `?add=<top-level id>` or `?edit=<id>`; "missing" when
 * it names a category that is not in the tree (or a subcategory as a parent: the tree has two levels).
 */
export function categoryDialogFor(
  params: URLSearchParams,
  tree: CategoryTreeTop[],
): CategoryDialogState | null | "missing" {
  const add = params.get("add");
  const edit = params.get("edit");
  if (add === "top") return { kind: "create", parent: null };
  if (add !== null) {
    const parent = tree.find((top) => String(top.id) === add);
    return parent ? { kind: "create", parent: { id: parent.id, name: parent.name } } : "missing";
  }
  if (edit !== null) {
    const node = tree.flatMap((top) => [top, ...top.children]).find((row) => String(row.id) === edit);
    if (!node) return "missing";
    const { id, parentId, name, nameEn, slug, description, descriptionEn, image, products } = node;
    return {
      kind: "edit",
      node: { id, parentId, name, nameEn, slug, description, descriptionEn, image, products },
    };
  }
  return null;
}

/**
 * Adds or edits one category in a dialog over the tree. The dialog lives in the URL, so a saved
 * form (which redirects to /admin/category) closes it, and a refused one stays open with its errors.
 */
export function CategoryDialog({
  state,
  tree,
  lastResult,
}: {
  state: CategoryDialogState | null;
  tree: CategoryTreeTop[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigate = useNavigate();
  const close = () => navigate(CATEGORY_TREE, { replace: true, preventScrollReset: true });
  const title =
    state === null
      ? ""
      : state.kind === "edit"
        ? t("admin.categories.editTitle")
        : state.parent
          ? t("admin.categories.newChild", { parent: state.parent.name })
          : t("admin.categories.newTop");
  const titleId = useId();
  return (
    // No portal to leave: the server draws an open dialog too, with a refused form's messages, and
    // its close and cancel are links back to the tree, so they work before any script has loaded.
    <Modal
      open={state !== null}
      // Closed by the address already (a link, a saved form): nothing more to do.
      onOpenChange={(open) => (open || state === null ? undefined : close())}
      labelledBy={titleId}
      // Straight to the name field rather than the close button.
      initialFocus='input[name="name"]'
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-lg rounded-2xl bg-white shadow-xl"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-5 py-3">
          <h2 id={titleId} className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          <Link
            to={CATEGORY_TREE}
            replace
            preventScrollReset
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("admin.categories.close")}</span>
          </Link>
        </div>
        {state ? (
          <CategoryForm
            key={state.kind === "edit" ? `edit-${state.node.id}` : `create-${state.parent?.id ?? "top"}`}
            state={state}
            tree={tree}
            lastResult={lastResult}
          />
        ) : null}
      </div>
    </Modal>
  );
}

function CategoryForm({
  state,
  tree,
  lastResult,
}: {
  state: CategoryDialogState;
  tree: CategoryTreeTop[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const editing = state.kind === "edit" ? state.node : null;
  const [form, fields] = useForm<z.input<typeof categoryFormSchema>, z.output<typeof categoryFormSchema>>({
    id: editing ? `category-edit-${editing.id}` : "category-create",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: editing
      ? {
          id: editing.id,
          name: editing.name,
          nameEn: editing.nameEn,
          slug: editing.slug,
          description: editing.description,
          descriptionEn: editing.descriptionEn,
          image: editing.image ?? "",
          parentId: editing.parentId ?? undefined,
        }
      : { parentId: state.kind === "create" ? state.parent?.id : undefined },
    constraint: getZodConstraint(categoryFormSchema),
    onValidate: ({ formData }) => parseForm(formData, categoryFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Only top-level categories have a home page tile; only subcategories can change parent.
  const isTop = editing ? editing.parentId === null : state.kind === "create" && state.parent === null;
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === (editing ? "update" : "create");

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex min-h-0 flex-col">
      <div className="flex flex-col gap-3 overflow-y-auto px-5 py-4">
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        {!editing && !isTop ? <input {...getInputProps(fields.parentId, { type: "hidden" })} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-accent-600">
            {errorText(form.errors[0])}
          </p>
        ) : null}
        <TextField field={fields.name} label={t("admin.field.name")} />
        <EnglishTextField field={fields.nameEn} label={t("admin.field.nameEn")} />
        <SlugField field={fields.slug} hint={t("admin.categories.slugHint")} />
        {editing && !isTop ? (
          <FormField
            translate={errorText}
            field={fields.parentId}
            label={t("admin.field.parentId")}
            hint={t("admin.categories.parentHint")}
          >
            <Select {...getSelectProps(fields.parentId)}>
              {tree.map((top) => (
                <option key={top.id} value={top.id}>
                  {top.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : null}
        <DescriptionField field={fields.description} rows={3} />
        <DescriptionField field={fields.descriptionEn} rows={3} english />
        {isTop ? (
          <ImageField
            field={fields.image}
            label={t("admin.field.image")}
            hint={t("admin.categories.imageHint")}
            folder="categories"
          />
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-3 sm:flex-row sm:justify-end">
        <Link
          to={CATEGORY_TREE}
          replace
          preventScrollReset
          className={buttonClass({ tone: "neutral", size: "md", className: "text-center" })}
        >
          {t("admin.cancel")}
        </Link>
        <SubmitButton
          pending={saving}
          label={editing ? t("admin.categories.save") : t("admin.categories.create")}
          pendingLabel={t("admin.saving")}
        />
      </div>
    </Form>
  );
}
