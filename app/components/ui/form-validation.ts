import { parse, type Submission } from "@conform-to/dom";
import { useEffect, useRef } from "react";

export type FormValidator<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;

/**
 * Browser-side validation with the action's own schema, loaded just after hydration so the schema
 * library stays out of the page's first JavaScript (the storefront budget). Until it has arrived,
 * a submission goes to the server, which validates with the same schema.
 * `load` must be defined outside the component (a stable function).
 */
export function useLazyValidation<Input, Output>(load: () => Promise<FormValidator<Input, Output>>) {
  const validator = useRef<FormValidator<Input, Output> | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((validate) => {
      if (live) validator.current = validate;
    });
    return () => {
      live = false;
    };
  }, [load]);
  return ({ formData }: { formData: FormData }): Submission<Input, string[], Output> =>
    validator.current
      ? validator.current(formData)
      : (parse(formData, { resolve: (value) => ({ value }) }) as Submission<Input, string[], Output>);
}
