import type { ComponentProps } from "react";
import { cx } from "./input.tsx";

/** How big a button is: its corners, padding and type. */
const sizeClass = {
  /** A form's submit button (SubmitButton). */
  lg: "rounded-full px-6 py-3 font-semibold",
  /** The answers of a dialog. */
  md: "rounded-full px-5 py-2.5 font-semibold",
  /** A step beside a record or a list (delete, deactivate, print). */
  sm: "rounded-full px-4 py-2 text-sm font-semibold",
  /** A back office list's toolbar (add, export). */
  toolbar: "rounded-lg px-3 py-2 text-sm font-semibold",
} as const;

/** What a button means: its colours. */
const toneClass = {
  /** The step forward. */
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  /** A second way, beside a primary one. */
  secondary: "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
  /** Going back or cancelling. */
  neutral: "border border-stone-300 text-stone-800",
  /** The confirmation of a step that is hard to undo. */
  danger: "bg-accent-600 text-white hover:bg-accent-500",
  /** A step that is hard to undo, before it is confirmed (delete, deactivate). */
  dangerOutline: "border border-accent-600 text-accent-600 hover:bg-red-50",
} as const;

type ButtonSize = keyof typeof sizeClass;
type ButtonTone = keyof typeof toneClass;

export interface ButtonLook {
  tone?: ButtonTone;
  size?: ButtonSize;
  className?: string;
}

/**
 * The classes of a button, for a `<Link>` or `<a>` that looks like one. A disabled button is
 * faded; a link never is. `className` adds layout (`flex items-center gap-2`, `w-full`, margins).
 */
export function buttonClass({ tone = "primary", size = "lg", className }: ButtonLook = {}): string {
  return cx(sizeClass[size], toneClass[tone], "disabled:opacity-60", className);
}

/** A `<button>` (type="button" unless told) in the shop's look; takes every prop of `<button>`. */
export function Button({
  tone,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonLook) {
  return <button type={type} {...props} className={buttonClass({ tone, size, className })} />;
}
