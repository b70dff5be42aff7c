import type { FieldMetadata } from "@conform-to/react";
import { createContext, type ReactNode, useContext } from "react";
import { errorText } from "~/i18n/index.ts";
import { Button } from "./button.tsx";

type Translate = (error: string | undefined) => string | undefined;

/**
 * How a field's error key becomes words. The storefront uses the shared catalogue; the back
 * office's layout provides its own, so back-office messages never ship with storefront pages.
 */
export const ErrorTextContext = createContext<Translate>(errorText);

/** A labelled control with its first validation error, in zh-HK (see ErrorTextContext). */
export function FormField({
  field,
  label,
  hint,
  translate,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  translate?: Translate;
  children: ReactNode;
}) {
  const contextual = useContext(ErrorTextContext);
  const error = (translate ?? contextual)(field.errors?.[0]);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-stone-800">
        {label}
        {hint ? <span className="ml-1 font-normal text-stone-500">{hint}</span> : null}
      </label>
      {children}
      <FieldError id={field.errorId} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="min-h-5 text-sm text-accent-600" role={error ? "alert" : undefined}>
      {error}
    </p>
  );
}

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  name,
  value,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  name?: string;
  value?: string;
}) {
  return (
    <Button type="submit" name={name} value={value} disabled={pending} className="w-full sm:w-auto">
      {pending ? pendingLabel : label}
    </Button>
  );
}
