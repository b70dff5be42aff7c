import { useEffect, useState } from "react";

/** SPEC §9: the top text banner rotates every 4000 ms. */
export const TOP_BANNER_MS = 4000;

export function TopBanner({ texts }: { texts: string[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (texts.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % texts.length), TOP_BANNER_MS);
    return () => clearInterval(timer);
  }, [texts.length]);
  if (texts.length === 0) return null;
  return (
    <div className="bg-brand-900 px-4 py-1.5 text-center text-xs text-brand-50 sm:text-sm">
      <p key={index} data-testid="top-banner" aria-live="off" className="truncate">
        {texts[index]}
      </p>
    </div>
  );
}
