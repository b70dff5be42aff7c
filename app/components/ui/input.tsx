import type { ComponentProps } from "react";

/**
 * The look of every text field: a white, rounded box with a brand focus ring, a red border when
 * Conform marks it invalid and a grey fill when read-only. Input, Textarea and the "field" Select
 * share it, so a form's controls line up. Extra classes (`max-w-32`, `font-mono`) are added after it.
 */
export const fieldClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-accent-600 read-only:bg-stone-100 read-only:text-stone-600";

/** Joins class names, leaving out empty ones. */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/** A text, number, date or other one-line field; takes every prop of `<input>` (ref included). */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input {...props} className={cx(fieldClass, className)} />;
}

/** A multi-line field with the look of Input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea {...props} className={cx(fieldClass, className)} />;
}
