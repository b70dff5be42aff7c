import { srcSetFor } from "../home/image-sources.ts";

export interface LocationBannerImage {
  title: string;
  subtitle: string | null;
  imageDesktop: string;
  imageMobile: string;
}

/**
 * The /location banner of SPEC §2: the browser picks the desktop (4:1) or mobile (2:1) picture by
 * screen width. The words are HTML laid over the picture's plain side.
 */
export function LocationBanner({ banner }: { banner: LocationBannerImage }) {
  return (
    <div
      className="relative aspect-[2/1] overflow-hidden rounded-2xl bg-brand-800 md:aspect-[4/1]"
      data-testid="location-banner"
    >
      <picture>
        <source
          media="(min-width: 768px)"
          srcSet={srcSetFor(banner.imageDesktop) ?? banner.imageDesktop}
          sizes="(min-width: 1152px) 872px, (min-width: 1024px) calc(100vw - 19rem), calc(100vw - 2rem)"
          width={1440}
          height={360}
        />
        <img
          src={banner.imageMobile}
          srcSet={srcSetFor(banner.imageMobile)}
          sizes="calc(100vw - 2rem)"
          width={800}
          height={400}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
      </picture>
      <div className="absolute inset-0 flex flex-col justify-center p-5 text-white md:w-3/5 md:p-8">
        <p className="text-2xl font-black drop-shadow md:text-3xl">{banner.title}</p>
        {banner.subtitle ? (
          <p className="mt-1 max-w-[13rem] text-sm leading-6 text-white/90 sm:max-w-none md:text-base">
            {banner.subtitle}
          </p>
        ) : null}
      </div>
    </div>
  );
}
