import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";

const database = setupTestDatabase();

async function setup() {
  const { db, services } = database;
  const district = await createDistrict(db);
  const first = await createPickupPoint(db, { districtId: district.id });
  const second = await createPickupPoint(db, { districtId: district.id });
  return { checkout: services.cart.checkout, member: await createMember(db), first, second };
}

describe("checkout drafts", () => {
  it("keeps each field saved alone, and returns the whole draft", async () => {
    const { checkout, member, first } = await setup();
    expect(await checkout.saveDraft(member.id, { discountCode: "SPRING" })).toEqual({
      pickupPointId: null,
      remark: "",
      discountCode: "SPRING",
    });
    expect(await checkout.saveDraft(member.id, { pickupPointId: first.id })).toEqual({
      pickupPointId: first.id,
      remark: "",
      discountCode: "SPRING",
    });
    // An emptied code is no code.
    expect(await checkout.saveDraft(member.id, { discountCode: "" })).toMatchObject({ discountCode: null });
  });

  it("answers null for a pickup point that does not exist, and keeps the draft as it was (issue 26 item 7)", async () => {
    const { checkout, member, first } = await setup();
    await checkout.saveDraft(member.id, { pickupPointId: first.id, remark: "門口" });
    expect(await checkout.saveDraft(member.id, { pickupPointId: 999_999 })).toBeNull();
    expect(await checkout.keepPlacedChoice(member.id, { pickupPointId: 999_999 })).toBeNull();
    expect((await checkout.view(member.id)).draft).toMatchObject({ pickupPointId: first.id, remark: "門口" });
  });

  it("keeps the placed order's pickup point and clears its remark and code for the next checkout", async () => {
    const { checkout, member, first, second } = await setup();
    // No draft yet: one is made, with the point alone.
    expect(await checkout.keepPlacedChoice(member.id, { pickupPointId: first.id })).toEqual({
      pickupPointId: first.id,
      remark: "",
      discountCode: null,
    });
    await checkout.saveDraft(member.id, { discountCode: "SPRING", remark: "請放門口" });
    expect(await checkout.keepPlacedChoice(member.id, { pickupPointId: second.id })).toEqual({
      pickupPointId: second.id,
      remark: "",
      discountCode: null,
    });
    expect((await checkout.view(member.id)).draft).toEqual({
      pickupPointId: second.id,
      remark: "",
      discountCode: null,
    });
  });
});
