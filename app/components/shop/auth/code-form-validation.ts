import type * as z from "zod/mini";
import type { FormValidator } from "~/components/ui/form-validation.ts";
import type * as memberSchemas from "~/domain/members/member.schema.ts";

type CodeFormSchema = "loginSchema" | "registerSchema";
type Schema<Name extends CodeFormSchema> = (typeof memberSchemas)[Name];

/**
 * The browser-side check of a form that signs in with a texted code (/login, /register), for
 * useLazyValidation: the schemas and parser load after hydration; sending a code checks only the phone.
 */
export const codeFormValidation =
  <Name extends CodeFormSchema>(name: Name) =>
  (): Promise<FormValidator<z.input<Schema<Name>>, z.output<Schema<Name>>>> =>
    Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/members/member.schema.ts")]).then(
      ([{ parseForm }, schemas]) =>
        ((formData: FormData) =>
          formData.get("intent") === "send-code"
            ? parseForm(formData, schemas.sendCodeSchema)
            : parseForm(formData, schemas[name])) as FormValidator<
          z.input<Schema<Name>>,
          z.output<Schema<Name>>
        >,
    );
