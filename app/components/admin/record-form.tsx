import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { errorText, t } from "~/i18n/admin.ts";
import { HistoryPanel, RecordSaveButton, RecordTools } from "./record-page.tsx";
import { Facts, Panel } from "./record-panel.tsx";

/**
 * The parts of a back office record page's form and panels that the catalogue, banner and pickup
 * records share: the form in its panel with its save button, its common fields, and the panels
 * beside it.
 */

/** The record's form in its panel, the save button at its foot. */
export function RecordForm<Schema extends Record<string, unknown>>({
  title,
  form,
  action,
  saving,
  saveLabel,
  children,
}: {
  title: string;
  form: FormMetadata<Schema, string[]>;
  /** Where the form posts, when it is not the page's own address. */
  action?: string;
  saving: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-3">
        {children}
        <RecordSaveButton saving={saving} label={saveLabel} />
      </Form>
    </Panel>
  );
}

/** A one-line text field; further props go to the input. */
export function TextField({
  field,
  label,
  hint,
  ...input
}: { field: FieldMetadata<unknown>; label: string; hint?: string } & Omit<
  ComponentProps<typeof Input>,
  "type"
>) {
  return (
    <FormField translate={errorText} field={field} label={label} hint={hint}>
      <Input {...getInputProps(field, { type: "text" })} {...input} />
    </FormField>
  );
}

/** The address name of a record's page (`/product?collection=<slug>`): typed as is, no capitals. */
export function SlugField({ field, hint }: { field: FieldMetadata<unknown>; hint: string }) {
  return (
    <TextField
      field={field}
      label={t("admin.field.slug")}
      hint={hint}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

/** The optional description of a record; `english` for its English one beside it. */
export function DescriptionField({
  field,
  rows,
  english = false,
}: {
  field: FieldMetadata<unknown>;
  rows: number;
  english?: boolean;
}) {
  return (
    <FormField
      translate={errorText}
      field={field}
      label={t(english ? "admin.field.descriptionEn" : "admin.field.description")}
      hint={t(english ? "admin.field.englishHint" : "form.optional")}
    >
      <Textarea {...getTextareaProps(field)} rows={rows} lang={english ? "en" : undefined} />
    </FormField>
  );
}

/**
 * The English of a record's text, next to its Chinese (issue 48 item 2): optional, and English
 * pages show the Chinese where it is left blank. The back office itself stays in Chinese.
 */
export function EnglishTextField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  return <TextField field={field} label={label} hint={t("admin.field.englishHint")} lang="en" />;
}

/** Where the record stands in its list: a whole number from 0 to `max`. */
export function PositionField({
  field,
  hint,
  max,
}: {
  field: FieldMetadata<unknown>;
  hint: string;
  max: number;
}) {
  return (
    <FormField translate={errorText} field={field} label={t("admin.field.position")} hint={hint}>
      <Input
        {...getInputProps(field, { type: "number" })}
        min={0}
        max={max}
        step={1}
        inputMode="numeric"
        className="max-w-32"
      />
    </FormField>
  );
}

/**
 * Beside a saved record's form: its panel (facts, links and the delete button, then anything
 * else) and its history.
 */
export function RecordAside({
  title,
  testId,
  facts,
  links,
  remove,
  history,
  children,
}: {
  title: string;
  testId: string;
  facts?: [string, ReactNode][];
  links: ReactNode;
  remove?: ReactNode;
  history: Parameters<typeof HistoryPanel>[0]["entries"];
  children?: ReactNode;
}) {
  return (
    <>
      <Panel title={title} testId={testId}>
        {facts ? <Facts rows={facts} /> : null}
        <RecordTools flush={!facts} links={links}>
          {remove}
        </RecordTools>
        {children}
      </Panel>
      <HistoryPanel entries={history} />
    </>
  );
}
