import type { ReactNode } from "react";

/** A titled block of the home page; `id` names the heading for the section's label. */
export function HomeSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    // Off screen, a section is laid out and painted only when it comes near (decision 0019).
    <section
      aria-labelledby={id}
      className="mt-8 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
    >
      <h2 id={id} className="text-lg font-bold text-brand-800 md:text-xl">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
