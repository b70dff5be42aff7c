import { ChevronDown } from "lucide-react";

export interface FaqItem {
  question: string;
  /** One string per paragraph. */
  answer: string[];
}

/** Questions as native <details> accordions: keyboard and screen-reader friendly with no script. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 px-4 py-3.5 font-semibold text-brand-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="space-y-2 px-4 pb-4 leading-7 text-stone-700">
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
