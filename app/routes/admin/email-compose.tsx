import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { FlaskConical, Save, Send } from "lucide-react";
import { type ReactNode, type Ref, useDeferredValue, useMemo, useRef, useState } from "react";
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { type FlashToast, flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { EmailPreview } from "~/components/admin/email-preview.tsx";
import { MarkdownEditor } from "~/components/admin/markdown-editor.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { RecordHeader } from "~/components/admin/record-page.tsx";
import { useConfirmFirst } from "~/components/admin/use-confirm-first.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  type CampaignIntent,
  campaignSchema,
  parseCampaignId,
} from "~/domain/messages/admin-email.schema.ts";
import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_SUBJECT_MAX,
  type CampaignLanguage,
  campaignEmail,
} from "~/domain/messages/email-campaign.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/email-compose.ts";

/** /admin/email/new and /admin/email/:id/edit: write a campaign, preview it, test it, send it. */
export const meta: Route.MetaFunction = () => adminMeta("admin.email.compose.title");

const back = { to: "/admin/email", label: "admin.email.back" } as const;

/** The campaign id in the address, null for a new one; anything else is a 404. */
function campaignIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  return parseCampaignId(params.id) ?? notFound();
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = campaignIdOf(params);
  const [found, compose] = await Promise.all([
    id === null ? null : context.services.messages.campaigns.get(id),
    context.services.messages.campaigns.composeContext(admin.id),
  ]);
  if (id !== null && !found) notFound();
  // Once sending has started the campaign is what was sent: it opens as its progress instead.
  if (found && found.campaign.status !== "draft") throw redirect(`/admin/email/${found.campaign.id}`);
  const draft = found
    ? {
        id: found.campaign.id,
        subject: found.campaign.subject,
        body: found.campaign.bodyMarkdown,
        subjectEn: found.campaign.subjectEn,
        bodyEn: found.campaign.bodyMarkdownEn,
        version: found.campaign.updatedAt.toISOString(),
      }
    : null;
  return { draft, ...compose };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = campaignIdOf(params);
  const submission = parseForm(
    await readForm(request, { schemas: [campaignSchema], names: ["intent"] }),
    campaignSchema,
  );
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { intent, ...words } = submission.value;
  const campaigns = context.services.messages.campaigns;

  // Every button saves first: the test and the send use what is on screen.
  let campaignId = id;
  let saved: FlashToast;
  if (campaignId === null) {
    campaignId = await campaigns.create(admin.id, words);
    saved = { kind: "success", key: "admin.toast.added" };
  } else {
    const updated = await campaigns.update(admin.id, campaignId, words);
    if (updated === "not_found") notFound();
    if (updated === "locked") {
      return toPage(`/admin/email/${campaignId}`, { kind: "info", key: "admin.email.toast.alreadySent" });
    }
    saved =
      updated === "updated"
        ? { kind: "success", key: "admin.toast.updated" }
        : { kind: "info", key: "admin.toast.unchanged" };
  }
  const editUrl = `/admin/email/${campaignId}/edit`;

  if (intent === "test") {
    const tested = await campaigns.sendTest(admin.id, campaignId);
    if (tested.status === "sent") {
      return toPage(editUrl, {
        kind: "success",
        key: "admin.email.toast.testSent",
        params: { email: tested.to },
      });
    }
    return toPage(editUrl, { kind: "error", key: "admin.email.toast.testFailed" });
  }
  if (intent === "send") {
    const started = await campaigns.startSending(admin.id, campaignId);
    if (started.status === "started") {
      return toPage(`/admin/email/${campaignId}`, {
        kind: "success",
        key: "admin.email.toast.started",
        params: { count: started.recipients },
      });
    }
    if (started.status === "no_recipients") {
      return toPage(editUrl, { kind: "error", key: "admin.email.toast.noRecipients" });
    }
    return toPage(`/admin/email/${campaignId}`, { kind: "info", key: "admin.email.toast.alreadySent" });
  }
  return toPage(editUrl, saved);
}

async function toPage(url: string, toast: FlashToast): Promise<never> {
  throw redirect(url, { headers: [await flashHeader(toast)] });
}

export default function EmailCompose({ loaderData }: Route.ComponentProps) {
  // A saved draft remounts the form with what was stored.
  return <ComposeForm key={loaderData.draft?.version ?? "new"} {...loaderData} />;
}

type ComposeProps = Route.ComponentProps["loaderData"];

function ComposeForm({ draft, frames, publicUrl, testAddress, optedIn }: ComposeProps) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof campaignSchema>, z.output<typeof campaignSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: {
      subject: draft?.subject ?? "",
      body: draft?.body ?? "",
      subjectEn: draft?.subjectEn ?? "",
      bodyEn: draft?.bodyEn ?? "",
    },
    constraint: getZodConstraint(campaignSchema),
    onValidate: ({ formData }) => parseForm(formData, campaignSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  const sendRef = useRef<HTMLButtonElement>(null);
  // Sending cannot be undone: a valid form asks first, with the number of members it goes to.
  const { formRef, onSubmit, confirming, cancel, confirm } = useConfirmFirst({
    needsConfirm: (event) => {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      return (
        submitter instanceof HTMLButtonElement &&
        submitter.value === "send" &&
        parseForm(new FormData(event.currentTarget, submitter), campaignSchema).status === "success"
      );
    },
    submit: formProps.onSubmit,
    submitter: sendRef,
  });

  // The live preview: the real email, rendered in the browser as the sender renders it, in the
  // language chosen above it (a member who reads English gets the English one, issue 48).
  const [texts, setTexts] = useState({
    "zh-HK": { subject: draft?.subject ?? "", body: draft?.body ?? "" },
    en: { subject: draft?.subjectEn ?? "", body: draft?.bodyEn ?? "" },
  });
  const edit = (lang: CampaignLanguage, part: "subject" | "body") => (text: string) =>
    setTexts((before) => ({ ...before, [lang]: { ...before[lang], [part]: text } }));
  const [previewLang, setPreviewLang] = useState<CampaignLanguage>("zh-HK");
  const shown = useDeferredValue(texts[previewLang]);
  const subject = texts["zh-HK"].subject;
  const previewHtml = useMemo(
    () =>
      campaignEmail({
        subject: shown.subject,
        markdown: shown.body,
        lang: previewLang,
        ...frames[previewLang],
        baseUrl: publicUrl,
        unsubscribeUrl: `${publicUrl}${previewLang === "en" ? "/en" : ""}/unsubscribe?token=preview`,
      }).html,
    [shown, previewLang, publicUrl, frames],
  );

  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const pendingIntent = busy ? (navigation.formData?.get("intent") as CampaignIntent | null) : null;

  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={draft ? t("admin.email.compose.editTitle") : t("admin.email.compose.title")}
      />
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Form method="post" {...formProps} ref={formRef} onSubmit={onSubmit} className="flex flex-col gap-4">
          <Panel>
            <FormField field={fields.subject} label={t("admin.email.subject")}>
              <Input
                {...getInputProps(fields.subject, { type: "text" })}
                maxLength={CAMPAIGN_SUBJECT_MAX}
                onInput={(event) => edit("zh-HK", "subject")(event.currentTarget.value)}
              />
            </FormField>
            <MarkdownEditor
              field={fields.body}
              label={t("admin.email.body")}
              max={CAMPAIGN_BODY_MAX}
              onText={edit("zh-HK", "body")}
            />
          </Panel>
          <Panel>
            <div>
              <h2 className="text-base font-semibold text-stone-900">{t("admin.email.english")}</h2>
              <p className="text-sm text-stone-600">{t("admin.email.englishHint")}</p>
            </div>
            <FormField field={fields.subjectEn} label={t("admin.email.subjectEn")}>
              <Input
                {...getInputProps(fields.subjectEn, { type: "text" })}
                lang="en"
                maxLength={CAMPAIGN_SUBJECT_MAX}
                onInput={(event) => edit("en", "subject")(event.currentTarget.value)}
              />
            </FormField>
            <MarkdownEditor
              field={fields.bodyEn}
              label={t("admin.email.bodyEn")}
              max={CAMPAIGN_BODY_MAX}
              onText={edit("en", "body")}
            />
          </Panel>
          <Panel>
            <div className="flex flex-col gap-3">
              <p className="text-sm text-stone-700" data-testid="opted-in-count">
                {t("admin.email.optedIn", { count: optedIn.toLocaleString("en") })}
              </p>
              <div className="flex flex-wrap gap-2">
                <ActionButton
                  intent="save"
                  pending={pendingIntent === "save"}
                  disabled={busy}
                  icon={<Save className="size-4" aria-hidden="true" />}
                  label={t("admin.email.save")}
                  look="plain"
                />
                <ActionButton
                  intent="test"
                  pending={pendingIntent === "test"}
                  disabled={busy || testAddress === null}
                  icon={<FlaskConical className="size-4" aria-hidden="true" />}
                  label={t("admin.email.sendTest")}
                  look="plain"
                  describedBy="test-address"
                />
                <ActionButton
                  ref={sendRef}
                  intent="send"
                  pending={pendingIntent === "send"}
                  disabled={busy || optedIn === 0}
                  icon={<Send className="size-4" aria-hidden="true" />}
                  label={t("admin.email.send")}
                  look="primary"
                />
              </div>
              <p id="test-address" className="text-xs text-stone-600">
                {testAddress
                  ? t("admin.email.sendTestHint", { email: testAddress })
                  : t("admin.email.sendTestNoEmail")}
              </p>
              {optedIn === 0 ? (
                <p className="text-sm text-accent-600">{t("admin.email.noRecipients")}</p>
              ) : null}
            </div>
          </Panel>
        </Form>
        <section className="self-start rounded-xl bg-white p-4 shadow-sm sm:p-5 xl:sticky xl:top-4">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-stone-900">{t("admin.email.preview")}</h2>
            <fieldset className="flex gap-1">
              <legend className="sr-only">{t("admin.email.preview")}</legend>
              {(["zh-HK", "en"] as const).map((lang) => (
                <Button
                  key={lang}
                  type="button"
                  size="sm"
                  tone={previewLang === lang ? "primary" : "secondary"}
                  aria-pressed={previewLang === lang}
                  onClick={() => setPreviewLang(lang)}
                  data-testid={`preview-${lang}`}
                >
                  {t(lang === "en" ? "admin.email.previewIn.en" : "admin.email.previewIn.zhHK")}
                </Button>
              ))}
            </fieldset>
          </div>
          <EmailPreview html={previewHtml} subject={shown.subject} />
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("admin.email.confirm.title")}
        body={t("admin.email.confirm.body", { subject, count: optedIn.toLocaleString("en") })}
        confirmLabel={t("admin.email.confirm.action")}
        onCancel={cancel}
        onConfirm={confirm}
      />
    </div>
  );
}

function ActionButton({
  ref,
  intent,
  pending,
  disabled,
  icon,
  label,
  look,
  describedBy,
}: {
  ref?: Ref<HTMLButtonElement>;
  intent: CampaignIntent;
  pending: boolean;
  disabled: boolean;
  icon: ReactNode;
  label: string;
  look: "plain" | "primary";
  describedBy?: string;
}) {
  return (
    <Button
      ref={ref}
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled}
      aria-describedby={describedBy}
      tone={look === "primary" ? "danger" : "secondary"}
      size="md"
      className="flex items-center justify-center gap-2 disabled:cursor-not-allowed"
    >
      {icon}
      {pending ? t("admin.email.sending") : label}
    </Button>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-5">{children}</section>
  );
}

/** A missing campaign shows inside the back office frame, with the way back to the history. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.email.detail.notFound" back={back} />;
}
