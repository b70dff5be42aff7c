import type { ContentLang } from "~/domain/shared/content-language.ts";

export interface LocationBannerImage {
  /** Its words in the page's language, or the Chinese marked (issue 48 item 2). */
  title: string;
  titleLang?: ContentLang;
  subtitle: string | null;
  subtitleLang?: ContentLang;
  imageDesktop: string;
  imageMobile: string;
}

/**
 * The /location banner of SPEC §2: the browser picks the desktop (4:1) or mobile (2:1) picture by
 * screen width, one file each (they are small). The words are drawn as HTML over the picture's
 * plain side; the picture's alt text carries them for screen readers. Its words are shop content:
 * in English on an English page where given, else the Chinese, marked (decision 0055). An alt text
 * cannot mix languages: with the title and subtitle in two, it says the title only.
 */
export function LocationBanner({ banner }: { banner: LocationBannerImage }) {
  const oneLanguage = banner.subtitleLang === banner.titleLang;
  return (
    <div
      lang={banner.titleLang}
      className="relative aspect-[2/1] overflow-hidden rounded-2xl bg-brand-800 md:aspect-[4/1]"
      data-testid="location-banner"
    >
      <picture>
        <source media="(min-width: 768px)" srcSet={banner.imageDesktop} width={1440} height={360} />
        <img
          src={banner.imageMobile}
          width={800}
          height={400}
          alt={banner.subtitle && oneLanguage ? `${banner.title}：${banner.subtitle}` : banner.title}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
      </picture>
      <div
        aria-hidden
        className="absolute inset-0 flex flex-col justify-center p-5 text-white md:w-3/5 md:p-8"
      >
        <p className="text-2xl font-black drop-shadow md:text-3xl">{banner.title}</p>
        {banner.subtitle ? (
          <p
            className="mt-1 max-w-[13rem] text-sm leading-6 text-white/90 sm:max-w-none md:text-base"
            lang={oneLanguage ? undefined : (banner.subtitleLang ?? "en")}
          >
            {banner.subtitle}
          </p>
        ) : null}
      </div>
    </div>
  );
}
