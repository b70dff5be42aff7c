import { enquiries } from "~/db/schema/index.ts";
import type { EnquiryInput, SupplierEnquiryInput, SurveyInput } from "~/domain/messages/enquiry.schema.ts";
import type { Locale } from "~/i18n/locale.ts";
import type { ServiceDeps } from "../shared/deps.ts";

/**
 * The contact, supplier and survey forms' messages. Each keeps the language of the page it was
 * sent from (issue 48): the shop's reply is framed in it.
 */
export function createEnquiryService({ db }: ServiceDeps) {
  return {
    async submitFeedback(input: EnquiryInput, locale: Locale = "zh-HK") {
      const [row] = await db
        .insert(enquiries)
        .values({
          kind: "feedback",
          name: input.name,
          phone: input.phone ?? null,
          email: input.email ?? null,
          message: input.message,
          locale,
        })
        .returning({ id: enquiries.id });
      return row;
    },

    async submitSupplierEnquiry(input: SupplierEnquiryInput, locale: Locale = "zh-HK") {
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
          locale,
        })
        .returning({ id: enquiries.id });
      return row;
    },

    async submitSurvey(input: SurveyInput, locale: Locale = "zh-HK") {
      const { name, phone, comment, ...answers } = input;
      const [row] = await db
        .insert(enquiries)
        .values({
          kind: "survey",
          name: name ?? "",
          phone: phone ?? null,
          message: comment ?? "",
          answers,
          locale,
        })
        .returning({ id: enquiries.id });
      return row;
    },
  };
}
