/**
 * A campaign email's unsubscribe link (HK's UEMO): a signed token that turns the member's
 * promotion consent off without signing in, and stops copies still queued for them.
 */
import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "~/auth/unsubscribe-token.server.ts";
import { emailCampaignRecipients, members } from "~/db/schema/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { sharedSecret } from "../shared/secrets.server.ts";

export function createUnsubscribeService({ db, env }: Pick<ServiceDeps, "db" | "env">) {
  let unsubscribeKey: Promise<string> | undefined;
  /** Its own key, derived from the shared secret, so tokens mean nothing to other HMAC uses. */
  function key(): Promise<string> {
    unsubscribeKey ??= sharedSecret(db, "unsubscribe_hmac", env.AUTH_SECRET).then((secret) =>
      createHmac("sha256", secret).update("gather unsubscribe v1").digest("base64url"),
    );
    return unsubscribeKey;
  }

  return {
    key,

    /** What /unsubscribe shows for a token: whose address it is, or why the link does not work. */
    async checkUnsubscribe(
      token: string,
      now = new Date(),
    ): Promise<
      { status: "valid"; email: string; agreePromotion: boolean } | { status: "forged" | "expired" }
    > {
      const checked = verifyUnsubscribeToken(await key(), token, now);
      if (checked.status !== "valid") return { status: checked.status };
      const [member] = await db
        .select({ email: members.email, agreePromotion: members.agreePromotion })
        .from(members)
        .where(eq(members.id, checked.memberId));
      // A genuine link for a member who has since been removed cannot do anything.
      if (!member) return { status: "forged" };
      return { status: "valid", ...member };
    },

    /** Turns agreePromotion off for the token's member; no sign-in needed (HK's UEMO). */
    async unsubscribe(
      token: string,
      now = new Date(),
    ): Promise<{ status: "done"; email: string } | { status: "forged" | "expired" }> {
      const checked = verifyUnsubscribeToken(await key(), token, now);
      if (checked.status !== "valid") return { status: checked.status };
      const [member] = await db
        .update(members)
        .set({ agreePromotion: false, updatedAt: now })
        .where(eq(members.id, checked.memberId))
        .returning({ email: members.email });
      if (!member) return { status: "forged" };
      // Queued copies of campaigns still sending are not sent to someone who has just said no.
      await db
        .update(emailCampaignRecipients)
        .set({ status: "failed", lastError: "unsubscribed", claimedAt: null })
        .where(
          and(
            eq(emailCampaignRecipients.memberId, checked.memberId),
            eq(emailCampaignRecipients.status, "pending"),
          ),
        );
      return { status: "done", email: member.email };
    },

    /** The token a member's link carries (tests and the admin preview). */
    async unsubscribeToken(memberId: string, expiresAt: Date): Promise<string> {
      return signUnsubscribeToken(await key(), memberId, expiresAt);
    },
  };
}
