import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from "../orders/index.ts";
import type { Checked } from "../shared/checked.ts";

/**
 * The pickup-day console (issue 31 item 2): what the member's QR says, how a scan or a typed code
 * is read, how the member is shown to staff at the counter, and what a missing line gives back.
 * Pure: the service passes the rows.
 */

/** What the member's QR encodes before the pickup code: it names this shop, so a foreign QR is known. */
const PICKUP_QR_PREFIX = "gather-pickup:";

export function pickupQrPayload(code: string): string {
  return `${PICKUP_QR_PREFIX}${code}`;
}

const codePattern = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

export type ScanReading = Checked<{ code: string }, "otherShop" | "invalid">;

/**
 * A scan (`gather-pickup:K7M2QX`) or a code typed by staff (`k7m 2qx`): spaces, dashes and lower case
 * are forgiven; any other QR (a link, another shop's payload) is `otherShop`.
 */
export function readPickupScan(text: string): ScanReading {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 200) return { ok: false, error: "invalid" };
  let code = trimmed;
  if (trimmed.toLowerCase().startsWith(PICKUP_QR_PREFIX)) code = trimmed.slice(PICKUP_QR_PREFIX.length);
  else if (/[:/.?=]/.test(trimmed)) return { ok: false, error: "otherShop" };
  const normalized = code.replace(/[\s-]/g, "").toUpperCase();
  if (codePattern.test(normalized)) return { ok: true, code: normalized };
  return { ok: false, error: "invalid" };
}

export interface MaskedMember {
  surname: string;
  phoneEnd: string;
}

/** What staff at a counter may see of a member: the surname and the phone's last four digits. */
export function maskMember(member: { lastName: string; phone: string }): MaskedMember {
  const surname = member.lastName.trim();
  return {
    surname: surname.length > 0 ? Array.from(surname).slice(0, 4).join("") : "—",
    phoneEnd: member.phone.replace(/\D/g, "").slice(-4),
  };
}

/** Orders staff may hand over: ready at the point, or confirmed at the cut-off (DESIGN §4.6). */
export const HANDOVER_STATUSES = ["ready_for_pickup", "confirmed"] as const;

/** Orders the console lists for a pickup day: paid ones, whether handed over yet or not. */
export const CONSOLE_STATUSES = ["paid", "confirmed", "ready_for_pickup", "collected"] as const;

export type HandoverRefusal = "alreadyCollected" | "notReady" | "notPaid" | "released";

/** Why an order cannot be handed over, or null when it can. */
export function handoverRefusal(status: string): HandoverRefusal | null {
  if ((HANDOVER_STATUSES as readonly string[]).includes(status)) return null;
  if (status === "collected") return "alreadyCollected";
  if (status === "paid") return "notReady";
  if (status === "pending_payment") return "notPaid";
  return "released";
}
