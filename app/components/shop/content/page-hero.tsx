import type { ReactNode } from "react";

/** The opening block of a content page: its one h1, a short lead and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden rounded-2xl bg-white px-5 py-8 shadow-sm sm:px-8 sm:py-10">
      {/* Decorative circles in brand colours; CSS only, so nothing to download. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-56 rounded-full bg-brand-100/70"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-6 -bottom-14 size-28 rounded-full bg-amber-100/70"
      />
      <div className="relative">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-600">{eyebrow}</p> : null}
        <h1 className="mt-1 text-2xl leading-tight font-black text-balance text-brand-900 sm:text-3xl">
          {title}
        </h1>
        {lead ? <p className="mt-3 max-w-2xl leading-7 text-stone-700">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
