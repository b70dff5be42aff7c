/**
 * The proof-of-work challenge a browser solves before a sign-in code is sent past the soft limits
 * (issue 44 item 4; decision 0046). ALTCHA's v2 proof of work (`altcha-lib`), self-hosted: the
 * challenge is signed with a key only the shop holds, the browser's `altcha` widget finds the
 * counter, and each solution is spent once (`spent_challenges`).
 */
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { lt } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { spentChallenges } from "~/db/schema/index.ts";
import { sharedSecret } from "../shared/secrets.server.ts";

const ttlMs = 10 * 60_000;
/** SHA-256 rounds a browser tries, on average half the range: about a second, or ten past the budget. */
const work = { normal: [50_000, 100_000], hard: [500_000, 1_000_000] } as const;

export type ChallengeWork = keyof typeof work;

/** A solution as the widget posts it (base64 JSON of the challenge and the counter found). */
interface Payload {
  challenge: Challenge;
  solution: { counter: number; derivedKey: string };
}

function decode(value: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Partial<Payload>;
    if (!parsed.challenge?.parameters || typeof parsed.challenge.signature !== "string") return null;
    if (typeof parsed.solution?.counter !== "number" || typeof parsed.solution.derivedKey !== "string")
      return null;
    return parsed as Payload;
  } catch {
    return null;
  }
}

export function createSignInChallenges({ db, secret }: { db: Db; secret: string | undefined }) {
  let keys: Promise<[string, string]> | undefined;
  const hmac = () => {
    keys ??= Promise.all([
      sharedSecret(db, "altcha_hmac", secret && `${secret}:altcha`),
      sharedSecret(db, "altcha_key_hmac", secret && `${secret}:altcha-key`),
    ]);
    return keys;
  };

  return {
    /** A fresh challenge for the widget; `hard` once the day's budget is spent. */
    async create(level: ChallengeWork, now = new Date()): Promise<Challenge> {
      const [signing, keySigning] = await hmac();
      const [low, high] = work[level];
      return createChallenge({
        algorithm: "SHA-256",
        cost: 1,
        counter: randomInt(low, high),
        deriveKey,
        expiresAt: new Date(now.getTime() + ttlMs),
        hmacSignatureSecret: signing,
        hmacKeySignatureSecret: keySigning,
      });
    },

    /** Whether `value` is a solved, unexpired challenge of ours (not yet whether it was spent). */
    async check(value: string | null | undefined): Promise<{ signature: string; expiresAt: Date } | null> {
      if (!value || value.length > 4_000) return null;
      const payload = decode(value);
      if (!payload) return null;
      const [signing, keySigning] = await hmac();
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signing,
          hmacKeySignatureSecret: keySigning,
        });
        if (!result.verified) return null;
      } catch {
        return null;
      }
      const expires = payload.challenge.parameters.expiresAt;
      return {
        signature: payload.challenge.signature!,
        expiresAt: new Date((expires ?? 0) * 1000 || Date.now() + ttlMs),
      };
    },

    /** Spends a checked solution inside the send's transaction; false when it was spent before. */
    async spend(tx: Tx, solved: { signature: string; expiresAt: Date }): Promise<boolean> {
      const rows = await tx
        .insert(spentChallenges)
        .values(solved)
        .onConflictDoNothing()
        .returning({ signature: spentChallenges.signature });
      return rows.length === 1;
    },

    /** Forgets spent solutions whose challenges have expired anyway (run by a job). */
    async prune(now: Date): Promise<void> {
      await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, now));
    },
  };
}

export type SignInChallenges = ReturnType<typeof createSignInChallenges>;
