import type { ComponentProps } from "react";
import { cx, fieldClass } from "./input.tsx";

const variantClass = {
  /** A form's field, full width, as Input. */
  field: fieldClass,
  /** A list's filter in a toolbar: as wide as its longest option. */
  filter: "rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal",
} as const;

export type SelectVariant = keyof typeof variantClass;

/** A `<select>` in one of the shop's two looks; takes every prop of `<select>` (ref included). */
export function Select({
  variant = "field",
  className,
  ...props
}: ComponentProps<"select"> & { variant?: SelectVariant }) {
  return <select {...props} className={cx(variantClass[variant], className)} />;
}
