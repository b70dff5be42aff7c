import type { ReactNode } from "react";

/** A white card with an h2; `id` doubles as the anchor the page's table of contents links to. */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 rounded-2xl bg-white p-4 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-stone-700">{children}</div>
    </section>
  );
}
