import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { parseForm } from "~/web/form-parse.ts";

/**
 * Issue 29 item 4: the save form of a back office record page, checked in the browser with the
 * schema the action parses it with (Conform + zod): on blur, again on input once shown, and the
 * server's reply shown when it comes back. `saving` is true while this form — the one that posts
 * no `intent` — is on its way (the page's delete and other buttons post one).
 */
export function useRecordForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValue?: DefaultValue<Input>,
) {
  const navigation = useNavigation();
  const actionResult = useActionData<{ result?: SubmissionResult<string[]> | null }>()?.result;
  const [form, fields] = useForm<Input, Output>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseForm(formData, schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && !navigation.formData?.get("intent");
  return { form, fields, saving };
}
