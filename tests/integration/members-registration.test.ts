import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members, neighbors } from "~/db/schema/index.ts";
import {
  type ProfileInput,
  profileSchema,
  type RegisterInput,
  registerSchema,
} from "~/domain/members/member.schema.ts";
import {
  createMember,
  memberByPhone,
  recordingSms,
  servicesWithSms,
  sessionsOf,
  uniqueIp,
  uniquePhone,
} from "../helpers/auth.ts";
import { setupTestDatabase } from "../helpers/database.ts";

/** One browser for the whole file: numbers differ per test, so its limits never meet. */
const DEVICE = "integration-test-device";

/** SPEC §4, §5 and DESIGN §4.11: registration with a referrer, and the referrer in the profile. */

const database = setupTestDatabase();
const meta = { ip: "203.0.113.20", device: DEVICE, userAgent: "integration-test", previousToken: null };

function setup() {
  const sms = recordingSms();
  const services = servicesWithSms(database.db, sms);
  /** Sends a registration code to `phone` and returns the form as the member would submit it. */
  async function formFor(
    phone: string,
    fields: Partial<Record<string, unknown>> = {},
  ): Promise<RegisterInput> {
    expect(
      await services.members.auth.sendCode({ phone, purpose: "register", ip: uniqueIp(), device: DEVICE }),
    ).toEqual({
      status: "sent",
    });
    return registerSchema.parse({
      phone: `+852 ${phone.slice(0, 4)} ${phone.slice(4)}`,
      code: sms.lastCode(phone),
      firstName: "小明",
      lastName: "李",
      email: `new${phone}@example.hk`,
      agreePromotion: true,
      ...fields,
    });
  }
  return { sms, services, formFor };
}

async function neighborsOf(memberId: string) {
  return database.db
    .select({ memberId: neighbors.memberId, neighborId: neighbors.neighborId, type: neighbors.type })
    .from(neighbors)
    .where(or(eq(neighbors.memberId, memberId), eq(neighbors.neighborId, memberId)));
}

describe("registration", () => {
  it("with a registered referrer: referralDiscount 1, both neighbor records, a session and lastLogin", async () => {
    const { services, formFor } = setup();
    const referrer = await createMember(database.db);
    const phone = uniquePhone();
    const before = Date.now();

    const result = await services.members.register(
      await formFor(phone, { referrer: `${referrer.phone.slice(0, 4)} ${referrer.phone.slice(4)}` }),
      meta,
    );
    expect(result.status).toBe("ok");

    const created = await memberByPhone(database.db, phone);
    expect(created).toMatchObject({
      firstName: "小明",
      lastName: "李",
      email: `new${phone}@example.hk`,
      agreePromotion: true,
      type: "member",
      referrerId: referrer.id,
      referralDiscount: 1,
    });
    expect(created!.lastLogin!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(await neighborsOf(created!.id)).toEqual(
      expect.arrayContaining([
        { memberId: referrer.id, neighborId: created!.id, type: "referee" },
        { memberId: created!.id, neighborId: referrer.id, type: "referrer" },
      ]),
    );
    expect(await neighborsOf(created!.id)).toHaveLength(2);
    expect(await sessionsOf(database.db, created!.id)).toHaveLength(1);
    if (result.status === "ok") {
      expect(await services.members.auth.memberForSession(result.session.token)).toMatchObject({ phone });
    }
  });

  it("without a referrer: referralDiscount 0 and no neighbor records", async () => {
    const { services, formFor } = setup();
    const phone = uniquePhone();
    expect((await services.members.register(await formFor(phone), meta)).status).toBe("ok");
    const created = await memberByPhone(database.db, phone);
    expect(created).toMatchObject({ referrerId: null, referralDiscount: 0 });
    expect(await neighborsOf(created!.id)).toEqual([]);
  });

  it("refuses the member's own number as referrer, and keeps the code for a corrected form", async () => {
    const { services, formFor } = setup();
    const phone = uniquePhone();
    const form = await formFor(phone);
    // The form schema refuses it already; the service must refuse it on its own too.
    expect(registerSchema.safeParse({ ...form, referrer: phone }).success).toBe(false);

    expect(await services.members.register({ ...form, referrer: phone }, meta)).toEqual({
      status: "referrer_self",
    });
    expect(await memberByPhone(database.db, phone)).toBeNull();

    expect((await services.members.register(form, meta)).status).toBe("ok");
  });

  it("refuses an unregistered referrer without creating the member, and keeps the code", async () => {
    const { services, formFor } = setup();
    const phone = uniquePhone();
    const stranger = uniquePhone();
    const form = await formFor(phone, { referrer: stranger });

    expect(await services.members.register(form, meta)).toEqual({ status: "referrer_missing" });
    expect(await memberByPhone(database.db, phone)).toBeNull();
    expect(await memberByPhone(database.db, stranger)).toBeNull();

    // The member fixes the referrer and submits the same code again.
    const referrer = await createMember(database.db);
    expect((await services.members.register({ ...form, referrer: referrer.phone }, meta)).status).toBe("ok");
    expect(await memberByPhone(database.db, phone)).toMatchObject({
      referrerId: referrer.id,
      referralDiscount: 1,
    });
  });

  it("refuses a wrong code and creates nothing", async () => {
    const { services, formFor } = setup();
    const phone = uniquePhone();
    const form = await formFor(phone);
    const wrong = form.code === "000000" ? "111111" : "000000";
    expect(await services.members.register({ ...form, code: wrong }, meta)).toEqual({ status: "wrong" });
    expect(await memberByPhone(database.db, phone)).toBeNull();
  });

  it("answers have_user when the number was registered meanwhile", async () => {
    const { services, formFor } = setup();
    const phone = uniquePhone();
    const form = await formFor(phone);
    const existing = await createMember(database.db, { phone });
    expect(await services.members.register(form, meta)).toEqual({ status: "have_user" });
    const rows = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(rows.map((row) => row.id)).toEqual([existing.id]);
  });
});

describe("profile update", () => {
  function profile(
    member: typeof members.$inferSelect,
    fields: Partial<Record<string, unknown>> = {},
  ): ProfileInput {
    return profileSchema.parse({
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      agreePromotion: member.agreePromotion,
      ...fields,
    });
  }

  it("refuses an unregistered referrer and changes nothing", async () => {
    const { services } = setup();
    const member = await createMember(database.db);
    const result = await services.members.updateProfile(
      member.id,
      profile(member, { firstName: "改咗", referrer: uniquePhone() }),
    );
    expect(result).toEqual({ status: "referrer_missing" });
    expect(await memberByPhone(database.db, member.phone)).toMatchObject({
      firstName: member.firstName,
      referrerId: null,
      referralDiscount: 0,
    });
  });

  it("refuses the member's own number as referrer", async () => {
    const { services } = setup();
    const member = await createMember(database.db);
    expect(
      await services.members.updateProfile(member.id, profile(member, { referrer: member.phone })),
    ).toEqual({
      status: "referrer_self",
    });
    expect(await memberByPhone(database.db, member.phone)).toMatchObject({ referrerId: null });
  });

  it("adds a referrer once: referralDiscount 1 and both neighbor records", async () => {
    const { services } = setup();
    const member = await createMember(database.db);
    const referrer = await createMember(database.db);
    expect(
      await services.members.updateProfile(
        member.id,
        profile(member, { referrer: referrer.phone, firstName: "新名" }),
      ),
    ).toEqual({ status: "ok" });
    expect(await memberByPhone(database.db, member.phone)).toMatchObject({
      firstName: "新名",
      referrerId: referrer.id,
      referralDiscount: 1,
    });
    expect(await neighborsOf(member.id)).toHaveLength(2);

    // Submitting the same referrer again, or leaving the field empty, keeps it.
    expect(
      await services.members.updateProfile(member.id, profile(member, { referrer: referrer.phone })),
    ).toEqual({
      status: "ok",
    });
    expect(await services.members.updateProfile(member.id, profile(member))).toEqual({ status: "ok" });
    expect(await memberByPhone(database.db, member.phone)).toMatchObject({
      referrerId: referrer.id,
      referralDiscount: 1,
    });
    expect(await neighborsOf(member.id)).toHaveLength(2);
  });

  it("refuses to change an existing referrer", async () => {
    const { services } = setup();
    const referrer = await createMember(database.db);
    const member = await createMember(database.db, { referrerId: referrer.id, referralDiscount: 1 });
    const other = await createMember(database.db);
    expect(
      await services.members.updateProfile(member.id, profile(member, { referrer: other.phone })),
    ).toEqual({
      status: "referrer_locked",
    });
    expect(await memberByPhone(database.db, member.phone)).toMatchObject({ referrerId: referrer.id });
    expect(await neighborsOf(other.id)).toEqual([]);
  });
});
