import { parseFpsIdentifier } from "./fps-qr.ts";

/** The ways a member may pay an order (DESIGN §4.6): PayMe and card always, FPS once the shop has set it up. */
export type OfferedMethod = "payme" | "fps" | "card";

/**
 * What /payment offers, from the site settings: FPS only with both the identifier and the account
 * name, and an identifier that parses (a hand-edited bad one is not offered).
 */
export function offeredPaymentMethods(settings: {
  fpsIdentifier: string | null;
  fpsAccountName: string | null;
}): OfferedMethod[] {
  const fps =
    settings.fpsIdentifier !== null &&
    settings.fpsAccountName !== null &&
    settings.fpsAccountName !== "" &&
    parseFpsIdentifier(settings.fpsIdentifier).ok;
  return fps ? ["payme", "fps", "card"] : ["payme", "card"];
}
