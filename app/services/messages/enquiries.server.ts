import { enquiries } from "~/db/schema/index.ts";
import type { EnquiryInput, SupplierEnquiryInput, SurveyInput } from "~/domain/messages/enquiry.schema.ts";
import type { ServiceDeps } from "../shared/deps.ts";

export function createEnquiryService({ db }: ServiceDeps) {
  return {
    async submitFeedback(input: EnquiryInput) {
      const [row] = await db
        .insert(enquiries)
        .values({
          kind: "feedback",
          name: input.name,
          phone: input.phone ?? null,
          email: input.email ?? null,
          message: input.message,
        })
        .returning({ id: enquiries.id });
      return row;
    },

    async submitSupplierEnquiry(input: SupplierEnquiryInput) {
      const [row] = await db
        .insert(enquiries)
        .values({
          kind: "supplier",
          name: input.name,
          company: input.company,
          phone: input.phone,
          email: input.email,
          message: input.message,
          answers: { category: input.category },
        })
        .returning({ id: enquiries.id });
      return row;
    },

    async submitSurvey(input: SurveyInput) {
      const { name, phone, comment, ...answers } = input;
      const [row] = await db
        .insert(enquiries)
        .values({
          kind: "survey",
          name: name ?? "",
          phone: phone ?? null,
          message: comment ?? "",
          answers,
        })
        .returning({ id: enquiries.id });
      return row;
    },
  };
}
