import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { members, neighbors } from "../../app/db/schema/index.ts";
import { referral } from "../../app/i18n/catalogue/referral.ts";
import { t } from "../../app/i18n/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 44 item 2, DESIGN §4.8: naming a referrer in the profile, through the shop's own server.
 * Loops are refused, also when two members name each other in the same moment (real concurrent
 * requests, each on its own connection), and a member with a paid order can no longer name one.
 */

const database = setupTestDatabase();
const shop = serveShopForFile(() => database.url);

const cookies = new Map<string, string>();

/** A member with a session of their own. */
async function member(): Promise<MemberRow> {
  const row = await createMember(database.db);
  const { token } = await database.services.members.auth.createSession(row.id, {});
  cookies.set(row.id, (await createCookie("gather_session").serialize(token)).split(";")[0]!);
  return row;
}

function send(who: MemberRow, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { cookie: cookies.get(who.id)! };
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(shop().url, url, { method, headers, body });
}

/** `who` saves their profile naming `referrer`, as the form posts it before JavaScript loads. */
function nameReferrer(who: MemberRow, referrer: MemberRow) {
  return send(who, "POST", "/account/profile", {
    lastName: who.lastName,
    firstName: who.firstName,
    email: who.email,
    referrer: referrer.phone,
  });
}

/** The zh-HK text as React renders it into the page. */
const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

async function referrerOf(who: MemberRow) {
  const [row] = await database.db
    .select({ referrerId: members.referrerId, referralDiscount: members.referralDiscount })
    .from(members)
    .where(eq(members.id, who.id));
  return row!;
}

describe("naming a referrer in the profile (DESIGN §4.8, §4.11)", () => {
  it("refuses a referrer whose chain leads back to the member (A→B→A, A→B→C→A), saying why", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    expect((await nameReferrer(a, b)).status).toBe(302);
    const back = await nameReferrer(b, a);
    expect(back.status).toBe(400);
    expect(back.body).toContain(html(t("toast.referrerLoop")));
    expect(await referrerOf(b)).toEqual({ referrerId: null, referralDiscount: 0 });

    expect((await nameReferrer(b, c)).status).toBe(302);
    const around = await nameReferrer(c, a);
    expect(around.status).toBe(400);
    expect(around.body).toContain(html(t("toast.referrerLoop")));
    expect(await referrerOf(c)).toEqual({ referrerId: null, referralDiscount: 0 });
    expect(await database.db.select().from(neighbors).where(eq(neighbors.memberId, c.id))).toEqual([
      expect.objectContaining({ neighborId: b.id, type: "referee" }),
    ]);
  });

  it("records one of two members naming each other at the same moment, never both", async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await member(), await member()]));
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [nameReferrer(a!, b!), nameReferrer(b!, a!)]),
    );
    for (const [index, [a, b]] of pairs.entries()) {
      const [first, second] = [answers[2 * index]!, answers[2 * index + 1]!];
      expect([first.status, second.status].sort()).toEqual([302, 400]);
      expect((first.status === 400 ? first : second).body).toContain(html(t("toast.referrerLoop")));
      const recorded = [await referrerOf(a!), await referrerOf(b!)].filter((row) => row.referrerId);
      expect(recorded).toHaveLength(1);
    }
  });

  it("records at most two of three members closing a loop at the same moment", async () => {
    const triples = await Promise.all(
      Array.from({ length: 5 }, async () => [await member(), await member(), await member()] as const),
    );
    const answers = await Promise.all(
      triples.map(([a, b, c]) => Promise.all([nameReferrer(a, b), nameReferrer(b, c), nameReferrer(c, a)])),
    );
    for (const [index, triple] of triples.entries()) {
      expect(answers[index]!.map((answer) => answer.status).sort()).toEqual([302, 302, 400]);
      const recorded = await Promise.all(triple.map(referrerOf));
      expect(recorded.filter((row) => row.referrerId)).toHaveLength(2);
    }
  });

  it("refuses a referrer once the member has a paid order, and the profile and /referral say so first", async () => {
    const buyer = await member();
    const referrer = await member();
    const newcomer = await member();
    const category = await createCategory(database.db);
    const district = await createDistrict(database.db);
    const point = await createPickupPoint(database.db, { districtId: district.id });
    const product = await createProduct(database.db, { categoryId: category.id, mode: "instock", stock: 5 });
    const cycle = await closedCycle(database.db);
    await paidOrder(database.db, {
      cycleId: cycle.id,
      memberId: buyer.id,
      pickupPointId: point.id,
      lines: [{ product, quantity: 1 }],
    });

    const profile = await send(buyer, "GET", "/account/profile");
    expect(profile.body).toContain(html(t("profile.referrerClosed")));
    expect(profile.body).toMatch(
      /<input[^>]*name="referrer"[^>]*readOnly=""|<input[^>]*readOnly=""[^>]*name="referrer"/i,
    );
    expect((await send(buyer, "GET", "/referral")).body).toContain(
      html(referral["referral.referrer.closed"]),
    );

    const refused = await nameReferrer(buyer, referrer);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(html(t("toast.referrerAfterPurchase")));
    expect(await referrerOf(buyer)).toEqual({ referrerId: null, referralDiscount: 0 });

    // A member with no paid order is told the field closes at the first purchase, and may fill it in.
    expect((await send(newcomer, "GET", "/account/profile")).body).not.toContain(
      html(t("profile.referrerClosed")),
    );
    expect((await send(newcomer, "GET", "/referral")).body).toContain("須於首次付款購物前填寫");
    expect((await nameReferrer(newcomer, referrer)).status).toBe(302);
    expect(await referrerOf(newcomer)).toEqual({ referrerId: referrer.id, referralDiscount: 1 });
  });
});

describe("referral codes instead of phone numbers (issue 47 item 6, DESIGN §4.11)", () => {
  it("names a referrer by the code of their link, in any case; one's own code is refused", async () => {
    const [referrer, referee] = [await member(), await member()];
    expect(referrer.referralCode).toMatch(/^[A-HJ-NP-Z]{8}$/);
    const own = await send(referee, "POST", "/account/profile", {
      lastName: referee.lastName,
      firstName: referee.firstName,
      referrer: referee.referralCode,
    });
    expect(own.status).toBe(400);
    expect((await referrerOf(referee)).referrerId).toBeNull();
    const named = await send(referee, "POST", "/account/profile", {
      lastName: referee.lastName,
      firstName: referee.firstName,
      referrer: referrer.referralCode.toLowerCase(),
    });
    expect(named.status).toBe(302);
    expect(await referrerOf(referee)).toEqual({ referrerId: referrer.id, referralDiscount: 1 });
  });

  it("shares a link with the code, and each side sees the other by surname and last four digits only", async () => {
    const referrer = await member();
    const referee = await member();
    expect((await nameReferrer(referee, referrer)).status).toBe(302);
    await database.db.update(members).set({ lastName: "陳" }).where(eq(members.id, referrer.id));
    await database.db.update(members).set({ lastName: "黃" }).where(eq(members.id, referee.id));

    const mine = await send(referrer, "GET", "/referral");
    expect(mine.body).toContain(`/register?ref=${referrer.referralCode}`);
    expect(mine.body).not.toContain(`ref=${referrer.phone}`);
    expect(mine.body).toContain("黃**");
    expect(mine.body).toContain(`**** ${referee.phone.slice(-4)}`);
    expect(mine.body).not.toContain(referee.phone);
    expect(mine.body).not.toContain(referee.firstName);

    for (const page of ["/referral", "/account/profile"]) {
      const theirs = await send(referee, "GET", page);
      expect(theirs.status, page).toBe(200);
      expect(theirs.body, page).toContain("陳**");
      expect(theirs.body, page).toContain(`**** ${referrer.phone.slice(-4)}`);
      expect(theirs.body, page).not.toContain(referrer.phone);
      expect(theirs.body, page).not.toContain(referrer.firstName);
    }
  });
});
