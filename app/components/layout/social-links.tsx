import { useI18n } from "~/i18n/use-i18n.ts";

export interface SocialUrls {
  facebookUrl: string;
  instagramUrl: string;
}

/**
 * The two icons, drawn once in the page (by the footer, always on the page and always shown) and
 * used by reference wherever the links appear: the secondary bar, the side menu and the footer.
 */
function SocialIconSymbols() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id="icon-facebook" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5H16.5V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.5V21h3.1z"
        />
      </symbol>
      <symbol id="icon-instagram" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
      </symbol>
    </svg>
  );
}

function Icon({ id }: { id: "icon-facebook" | "icon-instagram" }) {
  return (
    <svg aria-hidden="true" className="size-4">
      <use href={`#${id}`} />
    </svg>
  );
}

export function SocialLinks({
  urls,
  className = "",
  drawIcons = false,
}: {
  urls: SocialUrls;
  className?: string;
  /** Set on the one instance that draws the icons for the page (the footer). */
  drawIcons?: boolean;
}) {
  const { t } = useI18n();
  return (
    <span className={`inline-flex items-center gap-3 ${className}`}>
      {drawIcons ? <SocialIconSymbols /> : null}
      <a href={urls.facebookUrl} target="_blank" rel="noreferrer noopener" aria-label={t("nav.facebook")}>
        <Icon id="icon-facebook" />
      </a>
      <a href={urls.instagramUrl} target="_blank" rel="noreferrer noopener" aria-label={t("nav.instagram")}>
        <Icon id="icon-instagram" />
      </a>
    </span>
  );
}
