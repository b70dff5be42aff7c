import { requireAdmin } from "~/auth/session.server.ts";
import { IMAGE_MAX_BYTES, isImageFolder } from "~/domain/images.ts";
import { t } from "~/i18n/admin.ts";
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

  // Refused on the declared length before a byte of the body is read.
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > MAX_BODY_BYTES) return tooLarge();
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
    return reply({ error: t("admin.image.missing") }, 400);
  }
  // A chunked body has no length to trust: it is counted as it arrives instead.
  const body = await readCapped(request, MAX_BODY_BYTES);
  if (!body) return tooLarge();

  let formData: FormData;
  try {
    formData = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type")! },
    }).formData();
  } catch {
    return reply({ error: t("admin.image.missing") }, 400);
  }
  const folder = formData.get("folder");
  const file = formData.get("file");
  if (!isImageFolder(folder)) return reply({ error: t("admin.image.folder") }, 400);
  if (!(file instanceof File)) return reply({ error: t("admin.image.missing") }, 400);

  const result = await context.services.images.upload(file, folder);
  if (result.ok) return reply({ url: result.url }, 200);
  return reply(
    { error: t(result.error, result.params) },
    result.error === "admin.image.tooLarge" ? 413 : 400,
  );
}

/** The whole body, or null as soon as it passes `limit` bytes (the rest is not read). */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not cancelled: that would drop the connection before the 413 reaches the browser. The
      // answer says `connection: close`, so Node closes the socket once it is written.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
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
