import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** SPEC §9: the top text banner rotates every 4000 ms. */
const TOP_BANNER_MS = 4000;

export interface TopBannerLine {
  /** In the page's language, or the Chinese marked `textLang` (issue 48 item 2). */
  text: string;
  textLang?: ContentLang;
  /** A page of the shop ("/referral") or an https address; null for plain text. */
  href: string | null;
}

/** The shop's own lines (/admin/banner), one at a time. */
export function TopBanner({ lines }: { lines: TopBannerLine[] }) {
  const { to } = useI18n();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (lines.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % lines.length), TOP_BANNER_MS);
    return () => clearInterval(timer);
  }, [lines.length]);
  if (lines.length === 0) return null;
  // The list can shrink under the timer after the admin removes a line.
  const line = lines[index % lines.length]!;
  return (
    <div className="bg-brand-900 px-4 py-1.5 text-center text-xs text-brand-50 sm:text-sm">
      <p key={index} data-testid="top-banner" aria-live="off" className="truncate" lang={line.textLang}>
        {line.href ? (
          <Link
            to={to(line.href)}
            className="underline decoration-brand-300 underline-offset-2 hover:text-white"
          >
            {line.text}
          </Link>
        ) : (
          line.text
        )}
      </p>
    </div>
  );
}
