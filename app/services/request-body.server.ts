/**
 * A form post read with a byte cap, so an oversized upload is refused instead of buffered whole:
 * by its declared length before a byte is read, or counted as it arrives when it has none.
 */
export type CappedForm = { ok: true; formData: FormData } | { ok: false; reason: "too_large" | "unreadable" };

export async function readCappedForm(request: Request, limit: number): Promise<CappedForm> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return { ok: false, reason: "too_large" };
  const body = await readCapped(request, limit);
  if (!body) return { ok: false, reason: "too_large" };
  try {
    const headers = { "content-type": request.headers.get("content-type") ?? "" };
    return { ok: true, formData: await new Response(body, { headers }).formData() };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
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
      // Not cancelled: that would drop the connection before the refusal reaches the browser.
      // The caller answers with `connection: close`, so Node closes the socket once it is written.
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
