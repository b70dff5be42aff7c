import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";
import { footerLinks } from "./nav-links.ts";
import { SocialLinks, type SocialUrls } from "./social-links.tsx";

export function Footer({ social }: { social: SocialUrls }) {
  const { t, to } = useI18n();
  return (
    <footer className="mt-12 bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2">
        <nav aria-label={t("footer.links")}>
          <h2 className="mb-2 text-sm font-semibold text-white">{t("footer.links")}</h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={to(link.to)} className="footer-link">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="mb-2 font-semibold text-white">{t("footer.contact")}</h2>
          <p>{t("footer.hours")}</p>
          <p className="mt-1 flex gap-4">
            <Link to={to("/cooperation")} className="underline-offset-2 hover:underline">
              {t("nav.cooperation")}
            </Link>
            <Link to={to("/survey")} className="underline-offset-2 hover:underline">
              {t("nav.survey")}
            </Link>
          </p>
          <SocialLinks urls={social} className="mt-3" drawIcons />
        </div>
      </div>
      <p className="border-t border-brand-800 py-3 text-center text-xs text-brand-300">
        {t("footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
