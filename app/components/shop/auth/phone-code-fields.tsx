import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

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
  const { t } = useI18n();
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
      <Button
        type="submit"
        name="intent"
        value="send-code"
        disabled={sending}
        formNoValidate
        tone="secondary"
        size="sm"
        className="self-start"
      >
        {sending ? t("form.submitting") : t("auth.sendCode")}
      </Button>
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
