import type { FieldMetadata } from "@conform-to/react";
import { createContext, type ReactNode, useContext } from "react";
import type { SentKey } from "~/i18n/keys.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { Button } from "./button.tsx";

type Translate = (error: string | undefined) => string | undefined;

/**
 * How a field's error key becomes words. Storefront pages take the page's messages, in its
 * language (`PageFieldError`); the back office's layouts provide their own, so back-office messages
 * never ship with storefront pages.
 */
export const ErrorTextContext = createContext<Translate | null>(null);

/** A labelled control with its first validation error, in the page's words (see ErrorTextContext). */
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
  const own = translate ?? contextual;
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={field.id} className="text-sm font-medium text-stone-800">
        {label}
        {hint ? <span className="ml-1 font-normal text-stone-500">{hint}</span> : null}
      </label>
      {children}
      {own ? (
        <FieldError id={field.errorId} error={own(error)} />
      ) : (
        <PageFieldError id={field.errorId} error={error} />
      )}
    </div>
  );
}

/**
 * A storefront field's error: a message key of a schema, in the page's language, or words the
 * server has already chosen in it (e.g. "try again at 10:15"), which a key lookup leaves as they are.
 */
export function PageFieldError({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useI18n();
  return <FieldError id={id} error={error === undefined ? undefined : t(error as SentKey)} />;
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
