import { requireAdmin } from "~/auth/session.server.ts";
import { IMAGE_MAX_BYTES, isImageFolder } from "~/domain/catalogue/images.ts";
import { t } from "~/i18n/admin.ts";
import { readGuardedForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/upload.ts";

/**
 * POST /admin/upload (multipart: `file`, `folder`) stores a picture through the images service and
 * answers `{ url }`, or `{ error }` in zh-HK with 400 (bad input) or 413 (too big). The admin
 * product, banner, merchant, brand, category and pickup-point forms call it with fetch().
 */

/** The file cap plus room for the multipart framing and the other fields. */
const MAX_BODY_BYTES = IMAGE_MAX_BYTES + 1024 ** 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed();
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed();

  // Refused on the declared length before a byte is read, counted as it arrives without one, and
  // checked like every form (the fields it knows, how many) before it is parsed.
  const body = await readGuardedForm(request, { names: ["file", "folder"], maxBytes: MAX_BODY_BYTES });
  if (body.status === "refused")
    return body.reason === "too_large" ? tooLarge() : reply({ error: t("admin.image.missing") }, 400);
  const formData = body.formData;
  const folder = formData.get("folder");
  const file = formData.get("file");
  if (!isImageFolder(folder)) return reply({ error: t("admin.image.folder") }, 400);
  if (!(file instanceof File)) return reply({ error: t("admin.image.missing") }, 400);

  const result = await context.services.catalogue.images.upload(file, folder);
  if (result.status === "stored") return reply({ url: result.url }, 200);
  return reply(
    { error: t(result.error, result.params) },
    result.error === "admin.image.tooLarge" ? 413 : 400,
  );
}

function tooLarge() {
  return reply(
    { error: t("admin.image.tooLarge", { megabytes: IMAGE_MAX_BYTES / 1024 ** 2 }) },
    413,
    // The rest of an oversized body is not wanted: the browser must not reuse this connection for it.
    { connection: "close" },
  );
}

function methodNotAllowed() {
  return reply({ error: t("admin.image.method") }, 405, { allow: "POST" });
}

function reply(
  body: { url: string } | { error: string },
  status: number,
  headers: Record<string, string> = {},
) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}
