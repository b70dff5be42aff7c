import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { t } from "~/i18n/index.ts";

/** 電話號碼 + 發送驗證碼 + 驗證碼 (DESIGN §7): the send button submits the same form with intent send-code. */
export function PhoneCodeFields({
  phone,
  code,
  sending,
  phoneReadOnly = false,
}: {
  phone: FieldMetadata<string>;
  code: FieldMetadata<string>;
  sending: boolean;
  phoneReadOnly?: boolean;
}) {
  return (
    <>
      <FormField field={phone} label={t("auth.phone")}>
        <div className="flex gap-2">
          <span className="flex items-center rounded-lg bg-stone-100 px-3 text-stone-600" aria-hidden="true">
            +852
          </span>
          <Input
            {...getInputProps(phone, { type: "tel" })}
            autoComplete="tel-national"
            inputMode="tel"
            readOnly={phoneReadOnly}
          />
        </div>
      </FormField>
      <button
        type="submit"
        name="intent"
        value="send-code"
        disabled={sending}
        formNoValidate
        className="self-start rounded-full border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        {sending ? t("form.submitting") : t("auth.sendCode")}
      </button>
      <FormField field={code} label={t("auth.code")}>
        <Input
          {...getInputProps(code, { type: "text" })}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className="tracking-[0.4em]"
        />
      </FormField>
    </>
  );
}
