import { parse, type Submission } from "@conform-to/dom";
import { useEffect, useRef } from "react";

export type FormValidator<Input, Output> = (formData: FormData) => Submission<Input, string[], Output>;

/** What starts the schema's load: the visitor's first touch of the page (a focus, a tap, a key). */
const FIRST_TOUCH = ["focusin", "pointerdown", "keydown"] as const;

/**
 * Browser-side validation with the action's own schema, loaded at the visitor's first touch of the
 * page (or at once when a field already has the focus), so the schema library stays out of the
 * page's load (the storefront budget, decision 0005). Until it has arrived, a submission goes to
 * the server, which validates with the same schema.
 * `load` must be defined outside the component (a stable function).
 */
export function useLazyValidation<Input, Output>(load: () => Promise<FormValidator<Input, Output>>) {
  const validator = useRef<FormValidator<Input, Output> | null>(null);
  useEffect(() => {
    let live = true;
    const stopWaiting = () => {
      for (const type of FIRST_TOUCH) document.removeEventListener(type, start, true);
    };
    function start() {
      stopWaiting();
      void load().then((validate) => {
        if (live) validator.current = validate;
      });
    }
    const focused = document.activeElement;
    if (focused && focused !== document.body) start();
    else for (const type of FIRST_TOUCH) document.addEventListener(type, start, true);
    return () => {
      live = false;
      stopWaiting();
    };
  }, [load]);
  return ({ formData }: { formData: FormData }): Submission<Input, string[], Output> =>
    validator.current
      ? validator.current(formData)
      : (parse(formData, { resolve: (value) => ({ value }) }) as Submission<Input, string[], Output>);
}
