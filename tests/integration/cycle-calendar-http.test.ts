import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orderCycles } from "../../app/db/schema/index.ts";
import { addDays } from "../../app/domain/cycles/cycle-calendar.ts";
import { formatHkDay, hkDayKey, toHkLocalInput } from "../../app/domain/shared/hk-time.ts";
import { t } from "../../app/i18n/admin.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle } from "./catalogue-fixtures.ts";

/**
 * Issue 47 item 8 over HTTP: a later cycle never picks up before an earlier one — when an admin
 * closes a cycle early (both cycles' days shown and movable), and when one creates or edits a cycle.
 */

const database = setupTestDatabase();
const shop = serveShopForFile(() => database.url);
let admin: MemberRow;
let cookie: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  admin = await createMember(database.db, { type: "admin", lastName: "管", firstName: "理員" });
  const { token } = await database.services.members.auth.createSession(admin.id, {});
  cookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;
});

function send(method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { cookie };
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(shop().url, url, { method, headers, body });
}

const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const cycleRow = async (id: number) =>
  (await database.db.select().from(orderCycles).where(eq(orderCycles.id, id)))[0]!;

const openCycle = async () =>
  (await database.db.select().from(orderCycles).where(eq(orderCycles.status, "open")))[0];

/** No cycle open: an open one without orders goes (no test here places orders). */
async function noOpenCycle() {
  const open = await openCycle();
  if (open) await database.services.cycles.admin.deleteCycle(admin.id, open.id);
}

/** A Hong Kong wall-clock instant "2030-01-06T23:59:59". */
function hk(text: string): Date {
  return new Date(`${text}+08:00`);
}

describe("close now keeps the calendar in order (issue 47 item 8)", () => {
  /** An open cycle ending in 10 days, picked up 2–4 days after its cut-off day. */
  async function lateCycle() {
    await noOpenCycle();
    const cutoffAt = new Date(Date.now() + 10 * DAY_MS);
    const day = hkDayKey(cutoffAt);
    return createCycle(database.db, { cutoffAt, pickupFrom: addDays(day, 2), pickupTo: addDays(day, 4) });
  }

  it("shows both cycles' dates before closing, and the next never picks up before the closed one", async () => {
    const cycle = await lateCycle();
    const page = await send("GET", `/admin/deadline/${cycle.id}`);
    expect(page.body).toContain(t("admin.cycle.closePreview.title"));
    expect(page.body).toContain(t("admin.cycle.closePreview.nextFrom"));
    expect(page.body).toContain(`name="closedPickupFrom" value="${cycle.pickupFrom}"`);
    const shown = /name="nextPickupFrom" value="([\d-]+)"/.exec(page.body)?.[1];
    expect(shown! >= cycle.pickupFrom).toBe(true);

    // Posted as before, without dates: the next cut-off comes first (within a week), yet its
    // pickup days do not come before the closed cycle's.
    const closed = await send("POST", `/admin/deadline/${cycle.id}`, { intent: "close" });
    expect(closed.status).toBe(302);
    const next = (await openCycle())!;
    expect(next.cutoffAt.getTime()).toBeLessThan(cycle.cutoffAt.getTime());
    expect(next.pickupFrom >= cycle.pickupFrom).toBe(true);
    expect(next.pickupTo >= cycle.pickupTo).toBe(true);
    expect(next.pickupFrom).toBe(shown);
    expect((await cycleRow(cycle.id)).pickupFrom).toBe(cycle.pickupFrom);
  });

  it("lets the admin move both cycles' pickup days, and refuses a next cycle picking up first", async () => {
    const cycle = await lateCycle();
    const today = hkDayKey(new Date());
    const dates = (closedFrom: string, closedTo: string, nextFrom: string, nextTo: string) => ({
      intent: "close",
      closedPickupFrom: closedFrom,
      closedPickupTo: closedTo,
      nextPickupFrom: nextFrom,
      nextPickupTo: nextTo,
    });
    const backwards = await send(
      "POST",
      `/admin/deadline/${cycle.id}`,
      dates(addDays(today, 12), addDays(today, 14), addDays(today, 11), addDays(today, 15)),
    );
    expect(backwards.status).toBe(409);
    expect(backwards.body).toContain(t("admin.cycle.pickupOrder"));
    expect((await cycleRow(cycle.id)).status).toBe("open");

    const moved = await send(
      "POST",
      `/admin/deadline/${cycle.id}`,
      dates(addDays(today, 2), addDays(today, 4), addDays(today, 11), addDays(today, 13)),
    );
    expect(moved.status).toBe(302);
    const row = await cycleRow(cycle.id);
    expect(row).toMatchObject({
      status: "settling",
      pickupFrom: addDays(today, 2),
      pickupTo: addDays(today, 4),
    });
    expect(await openCycle()).toMatchObject({ pickupFrom: addDays(today, 11), pickupTo: addDays(today, 13) });
  });
});

describe("creating or editing a cycle keeps the calendar in order (issue 47 item 8)", () => {
  it("refuses pickup days before the cycle cutting off before it, or after the one after it", async () => {
    await noOpenCycle();
    const earlier = await createCycle(database.db, {
      cutoffAt: hk("2033-02-01T23:59:00"),
      pickupFrom: "2033-02-10",
      pickupTo: "2033-02-12",
      status: "settling",
    });
    const refused = await send("POST", "/admin/deadline/new", {
      cutoffAt: "2033-02-08T23:59",
      pickupFrom: "2033-02-09",
      pickupTo: "2033-02-11",
    });
    expect(refused.status).toBe(409);
    const earlierDays = { from: formatHkDay("2033-02-10"), to: formatHkDay("2033-02-12") };
    expect(refused.body).toContain(html(t("admin.cycle.pickupBeforeEarlier", earlierDays)));
    expect(await openCycle()).toBeUndefined();

    const created = await send("POST", "/admin/deadline/new", {
      cutoffAt: "2033-02-08T23:59",
      pickupFrom: "2033-02-10",
      pickupTo: "2033-02-12",
    });
    expect(created.status).toBe(302);
    const later = (await openCycle())!;

    // The earlier cycle, already closed, may move its pickup days, but not past the later one's.
    const pastLater = await send("POST", `/admin/deadline/${earlier.id}`, {
      cutoffAt: toHkLocalInput(earlier.cutoffAt),
      pickupFrom: "2033-02-11",
      pickupTo: "2033-02-13",
    });
    expect(pastLater.status).toBe(409);
    const laterDays = { from: formatHkDay("2033-02-10"), to: formatHkDay("2033-02-12") };
    expect(pastLater.body).toContain(html(t("admin.cycle.pickupAfterLater", laterDays)));
    expect(await cycleRow(earlier.id)).toMatchObject({ pickupFrom: "2033-02-10", pickupTo: "2033-02-12" });

    const moved = await send("POST", `/admin/deadline/${earlier.id}`, {
      cutoffAt: toHkLocalInput(earlier.cutoffAt),
      pickupFrom: "2033-02-09",
      pickupTo: "2033-02-11",
    });
    expect(moved.status).toBe(302);
    expect(await cycleRow(earlier.id)).toMatchObject({ pickupFrom: "2033-02-09", pickupTo: "2033-02-11" });

    for (const id of [later.id, earlier.id]) await database.services.cycles.admin.deleteCycle(admin.id, id);
  });
});
