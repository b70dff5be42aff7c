import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * Past the SMS budget's soft limits the server asks for a proof-of-work challenge before it sends a
 * code (decision 0046). The widget is imported only then; it solves the challenge in a worker, puts
 * the solution in the form as `altcha` and the form asks for the code again by itself. Without
 * JavaScript the phone field's message says what to do.
 */
export function SendCodeChallenge({ challenge }: { challenge: unknown }) {
  const { t, locale } = useI18n();
  const holder = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let current = true;
    void import("./altcha-widget.client.ts").then(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const element = holder.current;
    if (!loaded || !element) return;
    const widget = document.createElement("altcha-widget");
    widget.setAttribute("challenge", JSON.stringify(challenge));
    widget.setAttribute("auto", "onload");
    widget.setAttribute("name", "altcha");
    // The widget's own words: zh-hk is loaded with it (altcha-widget.client.ts), English is built in.
    widget.setAttribute("language", locale === "en" ? "en" : "zh-hk");
    widget.addEventListener("verified", () => {
      const form = element.closest("form");
      const send = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="send-code"]');
      form?.requestSubmit(send ?? undefined);
    });
    element.replaceChildren(widget);
    return () => element.replaceChildren();
  }, [loaded, challenge, locale]);

  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-semibold">{t("auth.challengeLabel")}</legend>
      <p className="text-sm text-stone-600">{t("auth.challengeWorking")}</p>
      <div ref={holder} />
    </fieldset>
  );
}
