import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enquiries } from "~/db/schema/index.ts";
import { enquirySchema, supplierEnquirySchema, surveySchema } from "~/domain/messages/enquiry.schema.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";

const database = setupTestDatabase();

async function stored(id: number) {
  const [row] = await database.db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
}

describe("enquiries service", () => {
  it("stores customer feedback as a new feedback enquiry", async () => {
    const input = enquirySchema.parse({
      name: "陳大文",
      phone: "9123 4567",
      message: "自取點可唔可以加多個？",
    });
    const created = await database.services.messages.enquiries.submitFeedback(input);

    expect(await stored(created!.id)).toMatchObject({
      kind: "feedback",
      status: "new",
      name: "陳大文",
      phone: "91234567",
      email: null,
      message: "自取點可唔可以加多個？",
    });
  });

  it("stores a supplier enquiry with company, contact and category", async () => {
    const input = supplierEnquirySchema.parse({
      company: "新鮮農場有限公司",
      name: "李小姐",
      phone: "+852 6123 4567",
      email: "sales@farm.example.hk",
      category: "vegetables",
      message: "我哋有本地有機菜供應。",
    });
    const created = await database.services.messages.enquiries.submitSupplierEnquiry(input);

    expect(await stored(created!.id)).toMatchObject({
      kind: "supplier",
      company: "新鮮農場有限公司",
      name: "李小姐",
      phone: "61234567",
      email: "sales@farm.example.hk",
      message: "我哋有本地有機菜供應。",
      answers: { category: "vegetables" },
    });
  });

  it("stores survey answers, keeping name, phone and comment in their own columns", async () => {
    const input = surveySchema.parse({
      rating: "4",
      frequency: "weekly",
      interests: ["beef", "seafood"],
      name: "黃先生",
      phone: "51234567",
      comment: "希望多啲凍肉。",
    });
    const created = await database.services.messages.enquiries.submitSurvey(input);

    expect(await stored(created!.id)).toMatchObject({
      kind: "survey",
      name: "黃先生",
      phone: "51234567",
      message: "希望多啲凍肉。",
      answers: { rating: "4", frequency: "weekly", interests: ["beef", "seafood"] },
    });
  });

  it("accepts an anonymous survey", async () => {
    const input = surveySchema.parse({ rating: "5", frequency: "monthly", interests: ["dry"] });
    const created = await database.services.messages.enquiries.submitSurvey(input);

    expect(await stored(created!.id)).toMatchObject({ kind: "survey", name: "", phone: null, message: "" });
  });
});
