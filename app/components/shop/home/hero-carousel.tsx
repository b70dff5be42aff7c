import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type FocusEvent, useCallback, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { Link } from "react-router";
import { withContent } from "~/components/shop/shop-content.tsx";
import { srcSetFor } from "~/domain/catalogue/images.ts";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface CarouselSlide {
  id: number;
  /** Its words in the page's language, or the Chinese marked (issue 48 item 2). */
  title: string;
  titleLang?: ContentLang;
  subtitle: string | null;
  subtitleLang?: ContentLang;
  href: string | null;
  imageDesktop: string;
  imageMobile: string;
}

/** Long enough to read a slide's two lines (WCAG 2.2.2 asks for a pause control, below). */
const AUTOPLAY_MS = 5000;

/**
 * Slides side by side in a scroll-snapping strip (decision 0040): the browser swipes them on its
 * own, and this only tells which slide is in view and scrolls to another. It wraps around at both
 * ends.
 */
function useSnapStrip(total: number) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onScroll = () => {
      // Hidden (no width): no slide is in view to tell.
      if (viewport.clientWidth > 0) setSelected(Math.round(viewport.scrollLeft / viewport.clientWidth));
    };
    viewport.addEventListener("scroll", onScroll, { passive: true });
    return () => viewport.removeEventListener("scroll", onScroll);
  }, []);
  const scrollTo = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const wrapped = (index + total) % total;
      viewport.scrollTo({ left: wrapped * viewport.clientWidth, behavior: smooth ? "smooth" : "instant" });
    },
    [total],
  );
  return { viewportRef, selected, scrollTo };
}

/**
 * The home carousel: native swiping, our own buttons and dots, autoplay that stops on hover, on
 * focus, with the pause button, and for people who ask for reduced motion.
 */
export function HeroCarousel({ slides }: { slides: CarouselSlide[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { viewportRef, selected, scrollTo } = useSnapStrip(slides.length);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);

  // Restarts after every change of slide, so a swipe or a click gets a full interval too.
  useEffect(() => {
    if (!playing || held || slides.length < 2) return;
    const timer = window.setTimeout(() => scrollTo(selected + 1), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [scrollTo, playing, held, selected, slides.length]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
  }, []);

  if (slides.length === 0) return null;
  const total = slides.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("home.carousel.label")}
      className="relative"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={onBlur}
      data-testid="home-carousel"
    >
      <div
        ref={viewportRef}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-brand-800 shadow-sm [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        aria-live={playing && !held ? "off" : "polite"}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a div with role group.
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t("home.carousel.slide", { index: index + 1, total })}
            className="min-w-0 flex-[0_0_100%] snap-start snap-always"
            // Hidden slides keep their links out of the tab order.
            inert={index !== selected}
          >
            <SlideContent slide={slide} first={index === 0} />
          </div>
        ))}
      </div>

      {total > 1 ? (
        <>
          <ArrowButton side="previous" onClick={() => scrollTo(selected - 1)} />
          <ArrowButton side="next" onClick={() => scrollTo(selected + 1)} />
          <div className="mt-2 flex items-center justify-center gap-1">
            <button
              type="button"
              onClick={() => setPlaying((value) => !value)}
              aria-label={t(playing ? "home.carousel.pause" : "home.carousel.play")}
              className="grid size-8 place-items-center rounded-full text-brand-700 hover:bg-brand-100"
            >
              {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
            </button>
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => scrollTo(index)}
                aria-current={index === selected ? "true" : undefined}
                className="grid size-8 place-items-center"
              >
                {/* Named in text, not an attribute: the title may be Chinese on an English page. */}
                <span className="sr-only">
                  {withContent(
                    i18n,
                    "home.carousel.goTo",
                    { index: index + 1, title: slide.title },
                    { title: slide.titleLang },
                  )}
                </span>
                <span
                  className={`block h-2 rounded-full transition-all ${
                    index === selected ? "w-6 bg-brand-700" : "w-2 bg-brand-300"
                  }`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

function ArrowButton({ side, onClick }: { side: "previous" | "next"; onClick: () => void }) {
  const { t } = useI18n();
  const Icon = side === "previous" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t(side === "previous" ? "home.carousel.previous" : "home.carousel.next")}
      // Phones: the picture's bottom corners, clear of the words; wider: centred on the picture
      // (the dots row below it is 2.5rem tall).
      className={`absolute bottom-12 grid size-9 place-items-center rounded-full bg-white/85 text-brand-800 shadow hover:bg-white md:top-[calc(50%-1.25rem)] md:bottom-auto md:size-10 md:-translate-y-1/2 ${
        side === "previous" ? "left-2 md:left-3" : "right-2 md:right-3"
      }`}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

const DESKTOP = "(min-width: 768px)";
const DESKTOP_SIZES =
  "(min-width: 1152px) 872px, (min-width: 1024px) calc(100vw - 19rem), calc(100vw - 2rem)";
const MOBILE_SIZES = "calc(100vw - 2rem)";

/**
 * The first slide's picture is the page's largest paint. React does not preload a picture inside
 * <picture>, so the page asks for the one source this screen will use at the top of <head>,
 * before the scripts, instead of when the parser reaches the carousel.
 */
function preloadFirstSlide(slide: CarouselSlide) {
  preload(slide.imageMobile, {
    as: "image",
    imageSrcSet: srcSetFor(slide.imageMobile),
    imageSizes: MOBILE_SIZES,
    media: "(max-width: 767.98px)",
    fetchPriority: "high",
  });
  preload(slide.imageDesktop, {
    as: "image",
    imageSrcSet: srcSetFor(slide.imageDesktop),
    imageSizes: DESKTOP_SIZES,
    media: DESKTOP,
    fetchPriority: "high",
  });
}

/**
 * The frame is 4:3 on phones and 3:1 from 768px, matching the mobile and desktop images; the
 * title and subtitle are HTML over the picture's plain side, so they read well and translate.
 */
function SlideContent({ slide, first }: { slide: CarouselSlide; first: boolean }) {
  const { t, to } = useI18n();
  if (first) preloadFirstSlide(slide);
  const body = (
    <>
      <picture>
        <source
          media={DESKTOP}
          srcSet={srcSetFor(slide.imageDesktop)}
          sizes={DESKTOP_SIZES}
          width={1440}
          height={480}
        />
        <img
          src={slide.imageMobile}
          srcSet={srcSetFor(slide.imageMobile)}
          sizes={MOBILE_SIZES}
          width={800}
          height={600}
          alt=""
          className="absolute inset-0 size-full object-cover"
          // The first slide is the largest paint of the page; the rest wait until needed.
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : "auto"}
          decoding={first ? "sync" : "async"}
        />
      </picture>
      <div className="absolute inset-0 flex flex-col items-start p-5 text-white sm:p-8 md:w-3/5 md:justify-center md:py-10 md:pr-0 md:pl-20">
        <p
          className="text-2xl font-black leading-tight drop-shadow sm:text-3xl md:text-4xl"
          lang={slide.titleLang}
        >
          {slide.title}
        </p>
        {slide.subtitle ? (
          <p
            className="mt-2 max-w-[20rem] text-sm leading-6 text-white/90 sm:max-w-md md:text-base"
            lang={slide.subtitleLang}
          >
            {slide.subtitle}
          </p>
        ) : null}
        {slide.href ? (
          <span className="mt-4 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm">
            {t("home.carousel.cta")}
          </span>
        ) : null}
      </div>
    </>
  );
  const frame = "relative block aspect-[4/3] md:aspect-[3/1]";
  return slide.href ? (
    <Link to={to(slide.href)} className={frame}>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}
