import { z } from "zod";
import { messageKeys } from "./validation.ts";

/** Fields every back-office form shares: record ids and image addresses. */

/** An uploaded file's address ("/uploads/…") or an https address of an image elsewhere. */
export function isImageAddress(value: string): boolean {
  if (/^\/(?!\/)[\w\-./%]+$/.test(value)) return !value.includes("..");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A row id from a hidden field or a select; anything else is not a record we know. */
export const recordId = z
  .number({ error: messageKeys.required })
  .int(messageKeys.required)
  .min(1, messageKeys.required)
  .max(2_147_483_647, messageKeys.required);

/** Reads an id from the address (`/admin/merchant/12`); null for anything that cannot be one. */
export function parseRecordId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
