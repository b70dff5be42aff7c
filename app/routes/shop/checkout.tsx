import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { MapPin } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { backTarget, postedWithoutScript, redirectWithToast } from "~/auth/form-return.server.ts";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { CheckoutAmounts } from "~/components/shop/checkout/checkout-amounts.tsx";
import { discountText } from "~/components/shop/order/order-words.ts";
import { withContent, withProductNames } from "~/components/shop/shop-content.tsx";
import { BackField } from "~/components/ui/back-field.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FieldError } from "~/components/ui/form-field.tsx";
import { useLazyValidation } from "~/components/ui/form-validation.ts";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { checkoutDraftSchema, checkoutSchema } from "~/domain/cart/checkout.schema.ts";
import { checkoutAmounts, REMARK_MAX } from "~/domain/cart/checkout.ts";
import { productInLanguage } from "~/domain/catalogue/product-language.ts";
import { deliveryFee, type OrderRefusal } from "~/domain/orders/orders.ts";
import { allInLanguage, type ContentLang } from "~/domain/shared/content-language.ts";
import { pickupAreasInLanguage } from "~/domain/site/pickup-point.ts";
import { dayWithYear } from "~/i18n/i18n.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import { type I18n, i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import { BACK_FIELD } from "~/web/back-field.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/checkout.ts";

export const handle: PageHandle = {
  messages: ["shop", "cart"],
  titleBar: "checkout.title",
  chatInline: true,
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("checkout.title")} | ${t("shop.name")}` },
    { name: "description", content: t("checkout.meta.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const locale = localeOfPath(new URL(request.url).pathname);
  const view = await context.services.cart.checkout.view(member.id);
  if (view.lines.length === 0) throw redirect(localePath(locale, "/cart"));
  const lines = view.lines.map((line) => ({
    ...line,
    product: productInLanguage(line.product, locale === "en"),
  }));
  // Pickup points' names, addresses and hours in English on /en where given (issue 48 item 2).
  const areas = pickupAreasInLanguage(view.areas, locale === "en");
  // A new key per visit: a double click or a retry of this form places one order.
  return { ...view, lines, areas, idempotencyKey: crypto.randomUUID() };
}

/** A pickup point id that names no point (a stale page, or typed by hand): asked again, never a 500. */
const noSuchPoint = { fieldErrors: { pickupPointId: ["checkout.refusal.pickupPointMissing"] } };

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const locale = localeOfPath(new URL(request.url).pathname);
  const formData = await readForm(request, {
    schemas: [checkoutSchema, checkoutDraftSchema],
    names: [BACK_FIELD],
  });
  if (formData.get("intent") === "draft") {
    const draft = parseForm(formData, checkoutDraftSchema);
    if (draft.status !== "success") return data({ result: draft.reply(), refusal: null }, { status: 400 });
    const saved = await context.services.cart.checkout.saveDraft(member.id, {
      ...(draft.value.pickupPointId !== undefined ? { pickupPointId: draft.value.pickupPointId } : {}),
      ...(formData.has("remark") ? { remark: draft.value.remark ?? "" } : {}),
      ...(formData.has("discountCode") ? { discountCode: draft.value.discountCode ?? "" } : {}),
    });
    if (!saved) {
      return data({ result: draft.reply(noSuchPoint), refusal: null }, { status: 400 });
    }
    // Posted without JavaScript (issue 30 item 6): back to the page, which shows the code as applied
    // or why it was refused.
    if (postedWithoutScript(context))
      throw await redirectWithToast(backTarget(formData, localePath(locale, "/checkout")), null);
    return { result: draft.reply(), refusal: null };
  }
  const submission = parseForm(formData, checkoutSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: null }, { status: 400 });
  }
  const form = submission.value;
  // Everything the order needs travels with this form (issue 27): no saved draft is read here.
  const placed = await context.services.orders.placeOrder(member.id, {
    pickupPointId: form.pickupPointId,
    remark: form.remark ?? "",
    discountCode: form.discountCode ?? undefined,
    ageConfirmed: form.ageConfirmed,
    idempotencyKey: form.idempotencyKey,
    productIds: form.productIds,
  });
  if (placed.status === "refused") {
    // A pickup point that is not (or no longer) there is the form's mistake: 400, asked again.
    const missingPoint = placed.reason === "pickupPointMissing";
    return data(
      {
        result: missingPoint ? submission.reply(noSuchPoint) : submission.reply(),
        refusal: {
          reason: placed.reason,
          products: allInLanguage(placed.products ?? [], ["name"], locale === "en"),
        },
      },
      { status: missingPoint ? 400 : 409 },
    );
  }
  await context.services.cart.checkout.keepPlacedChoice(member.id, { pickupPointId: form.pickupPointId });
  const next = placed.payableCents > 0 ? `/payment?order=${placed.number}` : `/order?placed=${placed.number}`;
  throw redirect(localePath(locale, next), {
    headers: [await flashHeader({ kind: "success", key: "toast.order.submitted" })],
  });
}

const loadValidation = () =>
  Promise.all([import("~/components/ui/form-schema.ts"), import("~/domain/cart/checkout.schema.ts")]).then(
    ([{ parseForm }, { checkoutSchema }]) =>
      (formData: FormData) =>
        parseForm(formData, checkoutSchema),
  );

/** The id of the district picker's GET form (issue 30 item 6). */
const DISTRICT_FORM = "checkout-district";

/** Why the order was refused, naming the products it was refused for in the page's language. */
function refusalText(
  i18n: I18n,
  refusal: { reason: OrderRefusal; products: { name: string; nameLang?: ContentLang }[] },
) {
  return withProductNames(i18n, `checkout.refusal.${refusal.reason}`, refusal.products);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { areas, draft, point, code, codeRefusal, lines, cycle, feePaid } = loaderData;
  const i18n = useI18n();
  const { t, to, money, dateTime } = i18n;
  // Field errors are message keys (or words the server already wrote, shown as they are).
  const errorText = (error: string | undefined) => (error === undefined ? undefined : t(error as SentKey));
  const navigation = useNavigation();
  const validate = useLazyValidation(loadValidation);
  const codeForm = useFetcher();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    onValidate: validate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      pickupPointId: draft.pickupPointId ? String(draft.pickupPointId) : "",
      remark: draft.remark,
    },
  });
  const districts = areas.flatMap((area) =>
    area.districts.map((district) => ({ ...district, area: area.area })),
  );
  // Without JavaScript the district is chosen with a GET form (`?district=`), which shows its points.
  const [searchParams] = useSearchParams();
  const [districtId, setDistrictId] = useState<number | null>(
    districts.find((district) => String(district.id) === searchParams.get("district"))?.id ??
      districts.find((district) => district.points.some((p) => p.id === draft.pickupPointId))?.id ??
      null,
  );
  const shown = districts.find((district) => district.id === districtId);
  const formProps = getFormProps(form);
  // The amounts follow the point chosen on this page; nothing is saved until the order is placed.
  const [pointId, setPointId] = useState<number | null>(point?.id ?? null);
  const chosen = districts.flatMap((district) => district.points).find((p) => p.id === pointId) ?? null;
  const amounts = checkoutAmounts({
    lines: lines.map((line) => ({ product: line.product, quantity: line.quantity, selected: true })),
    percentageDiscount: code?.percentage,
    deliveryFeeCents: chosen ? deliveryFee(chosen, feePaid) : 0,
    balanceCents: loaderData.balanceCents,
  });
  const placing = navigation.state === "submitting";

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem] lg:items-start">
      {/* The district picker's own form (its select and button point here), a GET for pages without scripts. */}
      <Form method="get" id={DISTRICT_FORM} hidden />
      <Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <input type="hidden" name="discountCode" value={code?.text ?? ""} />
        {lines.map((line) => (
          <input key={line.product.id} type="hidden" name="productIds" value={line.product.id} />
        ))}
        {actionData?.refusal ? (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
            {refusalText(i18n, actionData.refusal)}
          </p>
        ) : null}

        <fieldset className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <legend className="float-left mb-1 flex items-center gap-1.5 text-lg font-bold text-stone-900">
            <MapPin className="size-5 text-brand-700" aria-hidden="true" />
            {t("checkout.pickup")}
          </legend>
          <p className="clear-left text-sm text-stone-600">{t("checkout.pickupHint")}</p>
          <label className="block space-y-1.5">
            <span className="text-sm font-medium">{t("checkout.district")}</span>
            <Select
              name="district"
              form={DISTRICT_FORM}
              value={districtId ?? ""}
              onChange={(event) => {
                const id = event.currentTarget.value ? Number(event.currentTarget.value) : null;
                setDistrictId(id);
                // The radios of another district replace this one's: no point is chosen until one is ticked.
                if (!districts.find((district) => district.id === id)?.points.some((p) => p.id === pointId)) {
                  setPointId(null);
                }
              }}
            >
              <option value="">{t("checkout.districtPlaceholder")}</option>
              {areas.map((area) => (
                <optgroup key={area.area} label={area.name} lang={area.nameLang}>
                  {area.districts.map((district) => (
                    <option key={district.id} value={district.id} lang={district.nameLang}>
                      {district.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          </label>
          <noscript>
            <Button type="submit" form={DISTRICT_FORM} tone="secondary" size="toolbar">
              {t("checkout.districtShow")}
            </Button>
          </noscript>
          {shown ? (
            <div role="radiogroup" aria-label={t("checkout.pickup")} className="space-y-2">
              {shown.points.map((candidate) => (
                <label
                  key={candidate.id}
                  className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={fields.pickupPointId.name}
                    value={candidate.id}
                    defaultChecked={candidate.id === draft.pickupPointId}
                    onChange={() => setPointId(candidate.id)}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span className="space-y-0.5 text-sm">
                    {/* The points' own words: in English where given, else marked zh-HK on an English page. */}
                    <span className="block font-semibold text-stone-900" lang={candidate.nameLang}>
                      {candidate.name}
                    </span>
                    <span className="block text-stone-600" lang={candidate.addressLang}>
                      {candidate.address}
                    </span>
                    <span className="block text-stone-600">
                      {withContent(
                        i18n,
                        "checkout.hours",
                        { hours: candidate.hours },
                        { hours: candidate.hoursLang },
                      )}
                    </span>
                    <span className="block font-medium text-brand-800">
                      {candidate.free
                        ? t("checkout.free")
                        : feePaid
                          ? t("checkout.feePaid")
                          : t("checkout.charge", { amount: money(candidate.deliveryChargeCents) })}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          ) : null}
          <FieldError id={fields.pickupPointId.errorId} error={errorText(fields.pickupPointId.errors?.[0])} />
        </fieldset>

        <div className="space-y-1.5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <label htmlFor={fields.remark.id} className="text-sm font-medium">
            {t("checkout.remark")}{" "}
            <span className="font-normal text-stone-500">{t("checkout.remarkHint")}</span>
          </label>
          <Textarea {...getTextareaProps(fields.remark)} rows={2} maxLength={REMARK_MAX} />
          <FieldError id={fields.remark.errorId} error={errorText(fields.remark.errors?.[0])} />
        </div>

        {loaderData.needsAgeConfirmation ? (
          <div className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
            <label className="flex items-start gap-2 text-sm font-medium text-amber-950">
              <input
                {...getInputProps(fields.ageConfirmed, { type: "checkbox" })}
                value="on"
                required
                className="mt-0.5 size-4 accent-brand-700"
              />
              {t("checkout.age")}
            </label>
          </div>
        ) : null}

        <section
          aria-label={t("checkout.items")}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
        >
          <h2 className="mb-2 font-bold">{t("checkout.items")}</h2>
          <ul className="divide-y divide-stone-100 text-sm">
            {lines.map((line, index) => (
              <li key={line.product.id} className="flex justify-between gap-3 py-2">
                <span lang={line.product.nameLang}>
                  {t("order.line", { name: line.product.name, quantity: line.quantity })}
                </span>
                <span className="tabular-nums">{money(amounts.lines[index]?.amountCents ?? 0)}</span>
              </li>
            ))}
          </ul>
          <Link to={to("/cart")} className="mt-2 inline-block text-sm text-brand-700 underline">
            {t("checkout.backToCart")}
          </Link>
        </section>
      </Form>

      <aside className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:sticky lg:top-4">
        <codeForm.Form method="post" className="space-y-1.5">
          <input type="hidden" name="intent" value="draft" />
          <BackField />
          <label htmlFor="discount-code" className="text-sm font-medium">
            {t("checkout.code")}
          </label>
          <div className="flex gap-2">
            <Input
              id="discount-code"
              name="discountCode"
              defaultValue={draft.discountCode ?? ""}
              autoCapitalize="characters"
            />
            <Button
              type="submit"
              disabled={codeForm.state !== "idle"}
              tone="secondary"
              size="toolbar"
              className="shrink-0"
            >
              {t("checkout.applyCode")}
            </Button>
          </div>
          <p className="min-h-5 text-sm" role="status">
            {code ? (
              <span className="text-emerald-800">
                {code.percentage < 100
                  ? t("checkout.codeApplied", { code: code.text, label: discountText(i18n, code.percentage) })
                  : t("checkout.codeAppliedFull", { code: code.text })}
              </span>
            ) : codeRefusal ? (
              <span className="text-accent-600">{t(`checkout.refusal.${codeRefusal}`, { names: "" })}</span>
            ) : null}
          </p>
        </codeForm.Form>

        <h2 className="font-bold">{t("checkout.amounts")}</h2>
        <CheckoutAmounts
          amounts={amounts}
          pointChosen={chosen !== null}
          balanceCents={loaderData.balanceCents}
        />
        <p className="text-xs text-stone-600">{t("checkout.dDollarNote")}</p>
        {cycle ? (
          <p className="text-xs text-stone-600">
            {t("checkout.cutoff", {
              date: dateTime(new Date(cycle.cutoffAt)),
              from: dayWithYear(i18n, cycle.pickupFrom),
              to: dayWithYear(i18n, cycle.pickupTo),
            })}
          </p>
        ) : null}
        <div>
          <Button
            type="submit"
            form={form.id}
            name="intent"
            value="place"
            // A code being applied changes what is charged: the order waits for it.
            disabled={placing || codeForm.state !== "idle"}
            className="w-full"
          >
            {placing ? t("checkout.placing") : t("checkout.place")}
          </Button>
        </div>
      </aside>
    </div>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
