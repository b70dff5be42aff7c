import { Monitor, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { t } from "~/i18n/admin.ts";

const widths = { phone: 390, desktop: 700 } as const;
/** A phone screen's worth of email, or a desktop mail app's reading pane; longer emails scroll. */
const heights = { phone: 700, desktop: 560 } as const;
type Width = keyof typeof widths;

/**
 * The email as the member gets it, laid out at a phone's width (390 px) or a desktop mail app's,
 * and shrunk to fit when the page is narrower, so the layout shown is the layout at that width.
 * The frame shows the real email HTML (`srcDoc`, which has no script) in a sandbox without
 * allow-same-origin: an origin of its own, so nothing in it can reach the admin's session or this
 * page. allow-scripts is there for tools that inspect the page (axe, the browser's own), not for
 * the email.
 */
export function EmailPreview({ html, subject }: { html: string; subject: string }) {
  const [width, setWidth] = useState<Width>("phone");
  const [room, setRoom] = useState<number>(widths.desktop);
  const stage = useRef<HTMLDivElement>(null);
  const frameWidth = widths[width];
  const height = heights[width];
  const scale = Math.min(1, room / frameWidth);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? widths.desktop));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="flex flex-col gap-3" data-testid="email-preview" data-width={width}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm text-stone-700" data-testid="preview-subject">
          {t("admin.email.preview.subject", { subject: subject || t("admin.email.preview.noSubject") })}
        </p>
        <fieldset className="flex rounded-lg border border-stone-300 bg-white p-0.5 text-sm">
          <legend className="sr-only">{t("admin.email.preview")}</legend>
          {(Object.keys(widths) as Width[]).map((option) => {
            const Icon = option === "phone" ? Smartphone : Monitor;
            const selected = option === width;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={selected}
                onClick={() => setWidth(option)}
                className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 font-semibold ${
                  selected ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"
                }`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(option === "phone" ? "admin.email.preview.phone" : "admin.email.preview.desktop")}
              </button>
            );
          })}
        </fieldset>
      </div>
      <div className="rounded-xl bg-stone-200 p-3">
        <div ref={stage} className="overflow-hidden" style={{ height: Math.ceil(height * scale) }}>
          <iframe
            title={t("admin.email.preview.frame", {
              width: t(width === "phone" ? "admin.email.preview.phone" : "admin.email.preview.desktop"),
            })}
            srcDoc={html}
            sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
            style={{
              width: frameWidth,
              height,
              transform: scale < 1 ? `scale(${scale})` : undefined,
              transformOrigin: "top left",
              marginInline: scale < 1 ? undefined : "auto",
            }}
            className="block max-w-none rounded-lg border-0 bg-white shadow-sm"
          />
        </div>
      </div>
    </div>
  );
}
