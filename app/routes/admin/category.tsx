import type { Submission } from "@conform-to/react";
import { Plus } from "lucide-react";
import {
  data,
  Link,
  replace,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLocation,
  useNavigation,
} from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { CategoryDialog, categoryDialogFor } from "~/components/admin/category-dialog.tsx";
import { CategoryTreeList } from "~/components/admin/category-tree.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import {
  categoryCreateSchema,
  categoryIntentOf,
  categoryReorderSchema,
  categoryUpdateSchema,
  recordDeleteSchema,
} from "~/domain/catalogue/admin-catalogue.schema.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/category.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.categories.title");

/**
 * /admin/category: the tree, and the add or edit dialog the URL asks for (`?add=top`,
 * `?add=<top-level id>`, `?edit=<id>`); an id that is not in the tree is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const tree = await context.services.catalogue.admin.categoryTree();
  // Checked here so an unknown id in the address is a 404; the page itself opens the dialog.
  if (categoryDialogFor(new URL(request.url).searchParams, tree) === "missing") notFound();
  return { tree };
}

/** Opening or closing the dialog changes only `add` or `edit`: the tree is still the same. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const tree = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("add");
    params.delete("edit");
    return `${url.pathname}?${params}`;
  };
  return tree(currentUrl) === tree(nextUrl) ? false : defaultShouldRevalidate;
}

/** Saved changes go back to the bare tree with a toast; `replace` keeps the back button useful. */
async function saved(
  key: "admin.toast.added" | "admin.toast.updated" | "admin.toast.removed" | "admin.toast.unchanged",
) {
  const kind = key === "admin.toast.unchanged" ? "info" : "success";
  return replace("/admin/category", { headers: [await flashHeader({ kind, key })] });
}

/** A create or update the service refused: a taken slug on its field, a refused place above the form. */
function refusedSave(
  submission: Pick<Submission<unknown>, "reply">,
  status: "slug_taken" | "parent_not_top_level" | "cannot_move",
  refusal: "admin.validation.parentNotTopLevel" | "admin.validation.cannotMove",
) {
  const result =
    status === "slug_taken"
      ? submission.reply({ fieldErrors: { slug: ["admin.validation.slugTaken"] } })
      : submission.reply({ formErrors: [refusal] });
  return data({ result }, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request, {
    schemas: [categoryCreateSchema, categoryUpdateSchema, categoryReorderSchema, recordDeleteSchema],
    names: ["intent"],
  });
  const service = context.services.catalogue.admin;
  const intent = categoryIntentOf(formData.get("intent"));

  switch (intent) {
    case "create": {
      const submission = parseForm(formData, categoryCreateSchema);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const result = await service.createCategory(admin.id, submission.value);
      if (result.status === "not_found") notFound();
      if (result.status !== "saved")
        return refusedSave(submission, result.status, "admin.validation.parentNotTopLevel");
      throw await saved("admin.toast.added");
    }
    case "update": {
      const submission = parseForm(formData, categoryUpdateSchema);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const result = await service.updateCategory(admin.id, submission.value);
      if (result.status === "not_found") notFound();
      if (result.status !== "saved")
        return refusedSave(submission, result.status, "admin.validation.cannotMove");
      throw await saved(result.changed ? "admin.toast.updated" : "admin.toast.unchanged");
    }
    case "reorder": {
      const submission = parseForm(formData, categoryReorderSchema);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const result = await service.reorderCategory(admin.id, submission.value);
      if (result.status === "not_found") notFound();
      throw await saved(result.status === "moved" ? "admin.toast.updated" : "admin.toast.unchanged");
    }
    case "delete": {
      const submission = parseForm(formData, recordDeleteSchema);
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const result = await service.deleteCategory(admin.id, submission.value.id);
      if (result.status === "not_found") notFound();
      if (result.status === "in_use")
        return data({ refusal: { products: result.products } }, { status: 409 });
      throw await saved("admin.toast.removed");
    }
    default:
      return data({ result: null }, { status: 400 });
  }
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { tree } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // The dialog follows a link at once, before the page's loaders answer; a saved form keeps it
  // open until the saved tree arrives.
  const shown =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname === location.pathname
      ? navigation.location
      : location;
  const dialog = categoryDialogFor(new URLSearchParams(shown.search), tree);
  const actionData = useActionData<typeof action>();
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const lastResult =
    actionData && "result" in actionData && navigation.state === "idle" ? actionData.result : null;
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.categories.title")}</h1>
        <Link
          to="?add=top"
          preventScrollReset
          className={buttonClass({ size: "toolbar", className: "flex items-center gap-2" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("admin.categories.addTop")}
        </Link>
      </div>
      <p className="text-sm text-stone-700">{t("admin.categories.intro")}</p>
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg border border-accent-600 bg-red-50 px-4 py-3 text-sm text-accent-600"
        >
          {t("admin.categories.inUse", { count: refusal.products })}
        </p>
      ) : null}
      <CategoryTreeList tree={tree} />
      <CategoryDialog state={dialog === "missing" ? null : dialog} tree={tree} lastResult={lastResult} />
    </div>
  );
}

/** An unknown category in the address shows inside the back office frame, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.categories.notFound"
      back={{ to: "/admin/category", label: "admin.categories.back" }}
    />
  );
}
