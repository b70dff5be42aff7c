import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { type ComponentProps, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ProductCard } from "~/components/shop/product/product-card.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input, Textarea } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  type ProductFormInput,
  type ProductInput,
  productFields,
  productSchema,
  productUnits,
} from "~/domain/catalogue/admin-product.schema.ts";
import { type PreviewChoices, previewProduct } from "~/domain/catalogue/admin-product-preview.ts";
import { PIECE_UNIT, productModes } from "~/domain/shared/pricing.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { ProductImagesField } from "./product-images-field.tsx";
import { FieldsetSection } from "./record-panel.tsx";

/** What the form starts with: the stored product as typed text (prices in dollars), or blanks. */
export interface ProductFormDefaults {
  name: string;
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
  mode: string;
  price: string;
  gatherPrice: string;
  marketPrice: string;
  unit: string;
  defaultWeight: string;
  stock: string;
  addToCartQty: string;
  maxPerMember: string;
  targetBuyers: string;
  isPublished: boolean;
  ageRestricted: boolean;
  categoryId: string;
  subcategoryId: string;
  brandId: string;
  merchantId: string;
  images: string[];
}

export const blankProduct: ProductFormDefaults = {
  name: "",
  nameEn: "",
  slug: "",
  description: "",
  descriptionEn: "",
  mode: "general",
  price: "",
  gatherPrice: "",
  marketPrice: "",
  unit: PIECE_UNIT,
  defaultWeight: "",
  stock: "",
  addToCartQty: "1",
  maxPerMember: "",
  targetBuyers: "",
  isPublished: false,
  ageRestricted: false,
  categoryId: "",
  subcategoryId: "",
  brandId: "",
  merchantId: "",
  images: [],
};

/**
 * The whole product (DESIGN §4.2) for /admin/add-product and /admin/product/:id, beside a live
 * preview of the storefront card drawn by the storefront's own component.
 */
export function ProductForm({
  defaults,
  choices,
  cutoffAt,
  lastResult,
  productId,
  buyers = 0,
  submitLabel,
}: {
  defaults: ProductFormDefaults;
  choices: PreviewChoices;
  cutoffAt: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  productId: number | null;
  /** Members who joined the product's group in the open cycle (none yet for a new product). */
  buyers?: number;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ProductFormInput, ProductInput>({
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: defaults,
    constraint: getZodConstraint(productFields),
    onValidate: ({ formData }) => parseForm(formData, productSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [images, setImages] = useState(defaults.images);
  const value = form.value ?? {};
  const mode = String(value.mode ?? defaults.mode);
  const unit = String(value.unit ?? defaults.unit);
  const categoryId = String(value.categoryId ?? defaults.categoryId);
  const children = choices.categories.find((node) => String(node.id) === categoryId)?.children ?? [];
  const typed = previewProduct({ ...value, images }, choices, {
    id: productId ?? 0,
    buyers,
    updatedAt: "",
  });
  const preview = typed.name ? typed : { ...typed, name: t("admin.product.previewName") };

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem] xl:grid-cols-[minmax(0,1fr)_18rem]">
      <Form method="post" {...getFormProps(form)} className="flex min-w-0 flex-col gap-5">
        <FieldsetSection title={t("admin.product.section.basic")}>
          <Field field={fields.name} label={t("admin.product.name")}>
            <Input {...getInputProps(fields.name, { type: "text" })} />
          </Field>
          <Field field={fields.nameEn} label={t("admin.product.nameEn")} hint={t("admin.field.englishHint")}>
            <Input {...getInputProps(fields.nameEn, { type: "text" })} lang="en" />
          </Field>
          <Field field={fields.description} label={t("admin.product.description")} hint={t("form.optional")}>
            <Textarea {...getTextareaProps(fields.description)} rows={4} />
          </Field>
          <Field
            field={fields.descriptionEn}
            label={t("admin.product.descriptionEn")}
            hint={t("admin.field.englishHint")}
          >
            <Textarea {...getTextareaProps(fields.descriptionEn)} rows={4} lang="en" />
          </Field>
          <Field field={fields.slug} label={t("admin.product.slug")} hint={t("admin.product.slugHint")}>
            <Input
              {...getInputProps(fields.slug, { type: "text" })}
              lang="en"
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
        </FieldsetSection>

        <FieldsetSection title={t("admin.product.section.pricing")}>
          <Field field={fields.mode} label={t("admin.product.mode")}>
            <Select {...getSelectProps(fields.mode)}>
              {productModes.map((item) => (
                <option key={item} value={item}>
                  {t(`admin.product.mode.${item}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            <MoneyField field={fields.price} label={t("price.original")} />
            <MoneyField field={fields.gatherPrice} label={t("price.gather")} />
            <MoneyField field={fields.marketPrice} label={t("price.market")} />
          </div>
          <p className="-mt-2 text-sm text-stone-600">{t(`admin.product.modeHint.${modeKey(mode)}`)}</p>
        </FieldsetSection>

        <FieldsetSection title={t("admin.product.section.quantity")}>
          <div className="grid grid-cols-2 gap-x-2 gap-y-3 sm:gap-x-3">
            <Field field={fields.unit} label={t("admin.product.unit")}>
              <Select {...getSelectProps(fields.unit)}>
                {productUnits.map((item) => (
                  <option key={item} value={item}>
                    {item === PIECE_UNIT
                      ? t("admin.product.unit.piece")
                      : t("admin.product.unit.weight", { unit: item })}
                  </option>
                ))}
              </Select>
            </Field>
            {unit !== PIECE_UNIT ? (
              <Field
                field={fields.defaultWeight}
                label={t("admin.product.defaultWeight", { unit })}
                hint={t("admin.product.defaultWeightHint")}
              >
                <Input {...getInputProps(fields.defaultWeight, { type: "text" })} inputMode="decimal" />
              </Field>
            ) : null}
            <Field
              field={fields.stock}
              label={t("admin.product.stock")}
              hint={mode === "instock" ? t("admin.product.stockRequired") : t("admin.product.stockHint")}
            >
              <Input {...getInputProps(fields.stock, { type: "text" })} inputMode="numeric" />
            </Field>
            {mode !== "instock" ? (
              <Field field={fields.targetBuyers} label={t("admin.product.targetBuyers")}>
                <Input {...getInputProps(fields.targetBuyers, { type: "text" })} inputMode="numeric" />
              </Field>
            ) : null}
            <Field field={fields.addToCartQty} label={t("admin.product.addToCartQty")}>
              <Input {...getInputProps(fields.addToCartQty, { type: "text" })} inputMode="numeric" />
            </Field>
            <Field
              field={fields.maxPerMember}
              label={t("admin.product.maxPerMember")}
              hint={t("admin.product.maxPerMemberHint")}
            >
              <Input {...getInputProps(fields.maxPerMember, { type: "text" })} inputMode="numeric" />
            </Field>
          </div>
        </FieldsetSection>

        <FieldsetSection title={t("admin.product.section.catalogue")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field field={fields.categoryId} label={t("admin.product.category")}>
              <Select {...getSelectProps(fields.categoryId)}>
                <option value="">{t("auth.choose")}</option>
                {choices.categories.map((node) => (
                  <option key={node.id} value={node.id}>
                    {node.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              field={fields.subcategoryId}
              label={t("admin.product.subcategory")}
              hint={t("form.optional")}
            >
              {/* New options for another category: remount so the old choice does not linger. */}
              <Select {...getSelectProps(fields.subcategoryId)} key={categoryId}>
                <option value="">{t("admin.product.noSubcategory")}</option>
                {children.map((node) => (
                  <option key={node.id} value={node.id}>
                    {node.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field field={fields.brandId} label={t("admin.product.brand")} hint={t("form.optional")}>
              <Select {...getSelectProps(fields.brandId)}>
                <option value="">{t("admin.product.none")}</option>
                {choices.brands.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field field={fields.merchantId} label={t("admin.product.merchant")} hint={t("form.optional")}>
              <Select {...getSelectProps(fields.merchantId)}>
                <option value="">{t("admin.product.none")}</option>
                {choices.merchants.map((merchant) => (
                  <option key={merchant.id} value={merchant.id}>
                    {merchant.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </FieldsetSection>

        <FieldsetSection title={t("admin.product.section.images")}>
          <ProductImagesField
            name={fields.images.name}
            images={images}
            onChange={setImages}
            error={
              fields.images.errors?.[0] ??
              fields.images.getFieldList().find((item) => item.errors)?.errors?.[0]
            }
            errorId={fields.images.errorId}
          />
        </FieldsetSection>

        <FieldsetSection title={t("admin.product.section.sale")}>
          <CheckboxField
            field={fields.isPublished}
            label={t("admin.product.isPublished")}
            hint={t("admin.product.isPublishedHint")}
          />
          <CheckboxField
            field={fields.ageRestricted}
            label={t("admin.product.ageRestricted")}
            hint={t("admin.product.ageRestrictedHint")}
          />
        </FieldsetSection>

        <div>
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={submitLabel}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>

      <aside aria-labelledby="product-preview-title" className="lg:sticky lg:top-20 lg:self-start">
        <h2 id="product-preview-title" className="mb-2 text-sm font-semibold text-stone-700">
          {t("admin.product.preview")}
        </h2>
        {/* The storefront's own card, for looking only: its links and button do nothing here. */}
        <div inert className="mx-auto max-w-60 lg:max-w-none" data-testid="product-preview">
          <ProductCard product={preview} cutoffAt={cutoffAt} imagePriority="eager" />
        </div>
        <p className="mt-2 text-xs text-stone-600">{t("admin.product.previewHint")}</p>
      </aside>
    </div>
  );
}

/** A form field whose errors read from the back office's catalogue. */
function Field(props: Omit<ComponentProps<typeof FormField>, "translate">) {
  return <FormField {...props} translate={errorText} />;
}

function modeKey(mode: string): (typeof productModes)[number] {
  return productModes.find((item) => item === mode) ?? "general";
}

/** Dollars as typed ("12.5"); the schema turns them into cents. */
function MoneyField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return (
    <Field field={field} label={label}>
      <div className="relative">
        <span
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        >
          $
        </span>
        <Input {...getInputProps(field, { type: "text" })} inputMode="decimal" className="pl-7" />
      </div>
    </Field>
  );
}

function CheckboxField({
  field,
  label,
  hint,
}: {
  field: FieldMetadata<string | boolean | undefined>;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex items-start gap-3">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        aria-describedby={`${field.id}-hint`}
      />
      <span>
        <span className="font-semibold text-stone-900">{label}</span>
        <span id={`${field.id}-hint`} className="mt-0.5 block text-sm text-stone-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
