import { t } from "~/i18n/index.ts";

export interface SocialUrls {
  facebookUrl: string;
  instagramUrl: string;
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-current">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5H16.5V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.5V21h3.1z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-none stroke-current" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" className="fill-current" />
    </svg>
  );
}

export function SocialLinks({ urls, className = "" }: { urls: SocialUrls; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-3 ${className}`}>
      <a href={urls.facebookUrl} target="_blank" rel="noreferrer noopener" aria-label={t("nav.facebook")}>
        <FacebookIcon />
      </a>
      <a href={urls.instagramUrl} target="_blank" rel="noreferrer noopener" aria-label={t("nav.instagram")}>
        <InstagramIcon />
      </a>
    </span>
  );
}
