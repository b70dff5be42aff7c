import { Lock } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Input } from "~/components/ui/input.tsx";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";

/** What closing the open cycle now gives both cycles (times as ISO text). */
export interface ClosePreview {
  closed: { cutoffAt: string; pickupFrom: string; pickupTo: string };
  next: { cutoffAt: string; pickupFrom: string; pickupTo: string };
}

function DateField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-stone-800">{label}</span>
      <Input type="date" name={name} defaultValue={value} required />
    </label>
  );
}

/**
 * Issue 47 item 8: 立即截單 shows both cycles' dates first — the closed cycle's pickup days and the
 * next cycle's cut-off and pickup days, which never come before the closed one's — and the admin
 * may move them. Two steps without any script: the <details> opens the question, its form closes.
 */
export function CloseEarlyPanel({ preview }: { preview: ClosePreview }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "close";
  return (
    <details className="text-sm" data-testid="close-early">
      <summary className="inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-1.5 font-semibold text-accent-600 ring-1 ring-accent-600">
        <Lock className="size-4" aria-hidden="true" />
        {t("admin.cycle.close")}
      </summary>
      <Form method="post" className="mt-3 flex flex-col gap-3 rounded-lg bg-stone-50 p-3">
        <input type="hidden" name="intent" value="close" />
        <p className="font-semibold text-stone-900">{t("admin.cycle.closePreview.title")}</p>
        <PickupDays which="closed" window={preview.closed} />
        <PickupDays which="next" window={preview.next} />
        <p className="text-stone-700">{t("admin.cycle.closeBody")}</p>
        <p className="text-stone-700">{t("admin.cycle.closePreview.hint")}</p>
        <Button type="submit" disabled={busy} tone="danger" size="sm" className="self-start">
          {busy ? t("admin.cycle.closing") : t("admin.cycle.closeConfirm")}
        </Button>
      </Form>
    </details>
  );
}

/** One cycle's pickup days in the close-early step, headed by its cut-off. */
function PickupDays({
  which,
  window,
}: {
  which: "closed" | "next";
  window: { cutoffAt: string; pickupFrom: string; pickupTo: string };
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-stone-700">
        {t(`admin.cycle.closePreview.${which}`, { cutoff: formatHkAdminTime(new Date(window.cutoffAt)) })}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        <DateField
          name={`${which}PickupFrom`}
          label={t(`admin.cycle.closePreview.${which}From`)}
          value={window.pickupFrom}
        />
        <DateField
          name={`${which}PickupTo`}
          label={t(`admin.cycle.closePreview.${which}To`)}
          value={window.pickupTo}
        />
      </div>
    </fieldset>
  );
}
