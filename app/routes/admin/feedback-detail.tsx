import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { Mail, MessageSquareText, RotateCcw, Smartphone, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { FlashToast } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { KindBadge, StatusBadge } from "~/components/admin/enquiry-badges.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { BackLink, HistoryPanel } from "~/components/admin/record-page.tsx";
import { Facts, Panel } from "~/components/admin/record-panel.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FieldError, SubmitButton } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/input.tsx";
import { parseFeedbackIntent, replySchema } from "~/domain/messages/admin-feedback.schema.ts";
import { type EnquiryKind, REPLY_MAX, type ReplyRoute } from "~/domain/messages/enquiry-inbox.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { isMessageKey, type MessageKey, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/feedback-detail.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.feedback.detail");

/** Message ids are positive integers (bigserial); anything else is simply not found. */
function enquiryId(param: string): number {
  const id = Number(param);
  if (!/^\d{1,15}$/.test(param) || !Number.isSafeInteger(id) || id < 1) notFound();
  return id;
}

/** Opening the page marks the message read. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const opened = await context.services.messages.inbox.open(enquiryId(params.id));
  if (!opened) notFound();
  return opened;
}

const back = { to: "/admin/feedback", label: "admin.feedback.back" } as const;

/** Back to the message's page, with the toast that says what the button did. */
function backWith(id: number, toast: FlashToast): Promise<never> {
  return throwRedirectWithToast(`${back.to}/${id}`, toast);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = enquiryId(params.id);
  const formData = await readForm(request, {
    schemas: [replySchema("email"), replySchema("sms")],
    names: ["intent"],
  });
  const intent = parseFeedbackIntent(formData.get("intent"));
  const { inbox } = context.services.messages;

  if (intent === "close" || intent === "reopen") {
    const changed = await inbox.setClosed(admin.id, id, intent === "close");
    if (changed.status === "not_found") notFound();
    return backWith(
      id,
      changed.changed
        ? {
            kind: "success",
            key: intent === "close" ? "admin.feedback.toast.closed" : "admin.feedback.toast.reopened",
          }
        : { kind: "info", key: "admin.toast.unchanged" },
    );
  }
  if (intent !== "reply") throw data({ badIntent: true }, { status: 400 });

  const target = await inbox.replyTarget(id);
  if (!target) notFound();
  const submission = parseForm(formData, replySchema(target.route?.channel ?? "email"));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const sent = await inbox.reply(admin.id, id, submission.value.body);
  switch (sent.status) {
    case "sent":
      return backWith(id, { kind: "success", key: "admin.feedback.toast.replied" });
    case "not_found":
      return notFound();
    case "closed":
      return data(
        { result: submission.reply({ formErrors: ["admin.feedback.closedNote"] }) },
        { status: 409 },
      );
    case "no_contact":
      return data(
        { result: submission.reply({ formErrors: ["admin.feedback.noContact"] }) },
        { status: 409 },
      );
    case "send_failed":
      return data(
        { result: submission.reply({ formErrors: ["admin.feedback.sendFailed"] }) },
        { status: 502 },
      );
  }
}

type Opened = Route.ComponentProps["loaderData"];

const dateTime = (value: Date | string | null) =>
  value ? formatHkAdminTime(new Date(value)) : t("admin.none");

/** Survey and supplier answers are stored as option values; the forms' own labels name them. */
const questionKeys: Record<string, MessageKey> = {
  category: "cooperation.category",
  rating: "survey.rating",
  frequency: "survey.frequency",
  interests: "survey.interests",
};
const answerKeyPrefix: Record<string, string> = {
  category: "cooperation.category.",
  rating: "survey.rating.",
  frequency: "survey.frequency.",
  interests: "survey.interest.",
};

function answerRows(answers: Opened["enquiry"]["answers"]): [string, string][] {
  if (!answers) return [];
  return Object.entries(answers).map(([question, value]) => {
    const label = questionKeys[question] ? t(questionKeys[question]) : question;
    const shown = (Array.isArray(value) ? value : [value]).map((option) => {
      const key = `${answerKeyPrefix[question] ?? ""}${option}`;
      return isMessageKey(key) ? t(key) : option;
    });
    return [label, shown.join("、")];
  });
}

export default function FeedbackDetail({ loaderData }: Route.ComponentProps) {
  const { enquiry, replies, history, route } = loaderData;
  const navigation = useNavigation();
  const answers = answerRows(enquiry.answers);
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <div className="flex flex-col gap-5">
      <div>
        <BackLink to="/admin/feedback" label="admin.feedback.back" />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-brand-800">
            {t("admin.feedback.detail")}
            <span className="ml-2 text-base font-normal text-stone-600 tabular-nums">#{enquiry.id}</span>
          </h1>
          <KindBadge kind={enquiry.kind as EnquiryKind} />
          <StatusBadge status={enquiry.status} />
        </div>
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-5">
          <Panel title={t("admin.feedback.message")}>
            <Facts
              rows={[
                [t("admin.feedback.from"), enquiry.name || t("admin.feedback.anonymous")],
                ...(enquiry.company
                  ? [[t("admin.feedback.company"), enquiry.company] as [string, ReactNode]]
                  : []),
                [
                  t("admin.feedback.phone"),
                  enquiry.phone ? (
                    <a key="phone" href={`tel:+852${enquiry.phone}`} className="text-brand-700 underline">
                      {enquiry.phone}
                    </a>
                  ) : (
                    t("admin.none")
                  ),
                ],
                [
                  t("admin.feedback.email"),
                  enquiry.email ? (
                    <a
                      key="email"
                      href={`mailto:${enquiry.email}`}
                      className="break-all text-brand-700 underline"
                    >
                      {enquiry.email}
                    </a>
                  ) : (
                    t("admin.none")
                  ),
                ],
                [t("admin.feedback.receivedAt"), dateTime(enquiry.createdAt)],
                [t("admin.feedback.readAt"), dateTime(enquiry.readAt)],
              ]}
            />
            {/* Text only: React escapes it, so markup or script in a message shows as typed. */}
            <p
              className="mt-4 rounded-lg bg-stone-50 p-3 leading-7 whitespace-pre-wrap break-words text-stone-900"
              data-testid="enquiry-message"
            >
              {enquiry.message || t("admin.feedback.noMessage")}
            </p>
            {answers.length > 0 ? (
              <>
                <h3 className="mt-4 mb-2 text-sm font-semibold text-stone-900">
                  {enquiry.kind === "survey" ? t("admin.feedback.answers") : t("admin.feedback.details")}
                </h3>
                <dl className="flex flex-col gap-2 text-sm" data-testid="enquiry-answers">
                  {answers.map(([question, answer]) => (
                    <div key={question}>
                      <dt className="text-stone-600">{question}</dt>
                      <dd className="font-medium text-stone-900">{answer}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
          </Panel>

          <Panel title={t("admin.feedback.thread")}>
            {replies.length === 0 ? (
              <p className="text-sm text-stone-600">{t("admin.feedback.noReplies")}</p>
            ) : (
              <ol className="flex flex-col gap-3" data-testid="reply-thread">
                {replies.map((reply) => (
                  <li key={reply.id} className="rounded-lg border border-stone-200 p-3">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-600">
                      <span className="flex items-center gap-1 font-semibold text-stone-800">
                        {reply.channel === "sms" ? (
                          <Smartphone className="size-4" aria-hidden="true" />
                        ) : (
                          <Mail className="size-4" aria-hidden="true" />
                        )}
                        {t(`admin.feedback.replyBy.${reply.channel}`, { to: reply.to })}
                      </span>
                      {reply.adminLastName || reply.adminFirstName ? (
                        <span>
                          {t("admin.feedback.repliedBy", {
                            name: `${reply.adminLastName ?? ""}${reply.adminFirstName ?? ""}`,
                          })}
                        </span>
                      ) : null}
                      <time
                        dateTime={new Date(reply.createdAt).toISOString()}
                        className="ml-auto tabular-nums"
                      >
                        {dateTime(reply.createdAt)}
                      </time>
                    </div>
                    <p className="mt-2 whitespace-pre-wrap break-words text-stone-900">{reply.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>

          <Panel title={t("admin.feedback.reply")}>
            {enquiry.status === "closed" ? (
              <p className="text-sm text-stone-700">{t("admin.feedback.closedNote")}</p>
            ) : route ? (
              <ReplyForm key={replies.length} route={route} />
            ) : (
              <p className="text-sm text-stone-700">{t("admin.feedback.noContact")}</p>
            )}
          </Panel>
        </div>

        <div className="flex flex-col gap-5">
          <Panel title={t("admin.feedback.status")}>
            <Form method="post" className="flex flex-col gap-2">
              {enquiry.status === "closed" ? (
                <Button
                  type="submit"
                  name="intent"
                  value="reopen"
                  disabled={busyIntent === "reopen"}
                  tone="secondary"
                  size="md"
                  className="flex items-center justify-center gap-2"
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {t("admin.feedback.reopen")}
                </Button>
              ) : (
                <Button
                  type="submit"
                  name="intent"
                  value="close"
                  disabled={busyIntent === "close"}
                  tone="neutral"
                  size="md"
                  className="flex items-center justify-center gap-2"
                >
                  <XCircle className="size-4" aria-hidden="true" />
                  {t("admin.feedback.close")}
                </Button>
              )}
            </Form>
          </Panel>
          <HistoryPanel
            entries={history}
            title={t("admin.feedback.history")}
            emptyText={t("admin.feedback.noHistory")}
          />
        </div>
      </div>
    </div>
  );
}

/** A schema or action message (a catalogue key) in words. */
const message = (key: string | undefined) =>
  key === undefined ? undefined : isMessageKey(key) ? t(key) : key;

function ReplyForm({ route }: { route: ReplyRoute }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const schema = replySchema(route.channel);
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionResult : null,
    onValidate: ({ formData }) => parseForm(formData, schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const max = REPLY_MAX[route.channel];
  const length = typeof fields.body.value === "string" ? fields.body.value.length : 0;
  const formError = form.errors?.[0];
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";

  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="reply" />
      <p className="flex items-start gap-2 text-sm text-stone-700">
        <MessageSquareText className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        {t(`admin.feedback.replyHint.${route.channel}`, { to: route.to })}
      </p>
      {/* Not FormField: the reply's messages are back office words, outside the storefront's catalogue. */}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fields.body.id} className="text-sm font-medium text-stone-800">
          {t("admin.feedback.replyLabel")}
        </label>
        <Textarea {...getTextareaProps(fields.body)} rows={6} />
        <FieldError id={fields.body.errorId} error={message(fields.body.errors?.[0])} />
      </div>
      <p
        className={`-mt-3 text-right text-xs tabular-nums ${length > max ? "font-semibold text-accent-600" : "text-stone-600"}`}
      >
        {t("admin.feedback.replyCount", { count: length, max })}
      </p>
      {formError ? (
        <p role="alert" className="rounded-lg bg-accent-500/10 px-3 py-2 text-sm text-accent-600">
          {message(formError)}
        </p>
      ) : null}
      <div>
        <SubmitButton
          pending={pending}
          label={t("admin.feedback.send")}
          pendingLabel={t("admin.feedback.sending")}
        />
      </div>
    </Form>
  );
}

/** A missing message shows inside the back office frame, with the way back to the inbox. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.feedback.notFound" back={back} />;
}
