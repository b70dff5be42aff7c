import { type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { type FormValidator, useLazyValidation } from "~/components/ui/form-validation.ts";
import { notify } from "~/components/ui/toaster.tsx";
import type { SentKey } from "~/i18n/keys.ts";

/**
 * A storefront form that is sent and thanked for (the supplier enquiry, the survey): checked in the
 * browser once its schema has loaded (on blur, again on input), the server's reply shown, and a
 * toast when it was sent. `submitting` is true while it is on its way.
 */
export function useSentForm<Input extends Record<string, unknown>, Output>(
  load: () => Promise<FormValidator<Input, Output>>,
  actionData: { result?: SubmissionResult<string[]> | null; sent?: boolean } | undefined,
  sentToast: SentKey,
) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Input, Output>({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: useLazyValidation(load),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (actionData?.sent) notify.success(sentToast);
  }, [actionData, sentToast]);
  return { form, fields, submitting: navigation.state === "submitting" };
}
