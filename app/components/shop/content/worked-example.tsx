import { CheckCircle2, Info } from "lucide-react";

export interface ExampleRow {
  label: string;
  value: string;
}

export interface ExampleOutcome {
  /** Short heading such as 截單時達到目標; omitted when there is only one outcome. */
  label?: string;
  text: string;
  tone: "good" | "plain";
}

/** A worked price example: the figures as a definition list, then what happens at the cut-off. */
export function WorkedExample({
  title,
  rows,
  outcomes,
}: {
  title: string;
  rows: ExampleRow[];
  outcomes: ExampleOutcome[];
}) {
  return (
    <figure className="max-w-2xl rounded-xl border border-brand-200 bg-brand-50/60 p-3 sm:p-4">
      <figcaption className="font-semibold text-brand-900">{title}</figcaption>
      <dl className="mt-3 divide-y divide-brand-100 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4 py-1.5">
            <dt className="text-stone-600">{row.label}</dt>
            <dd className="font-semibold text-stone-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-3 space-y-2 text-sm leading-6">
        {outcomes.map((outcome) => {
          const Icon = outcome.tone === "good" ? CheckCircle2 : Info;
          return (
            <li key={outcome.text} className="flex gap-2 rounded-lg bg-white p-2.5 sm:p-3">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-5 shrink-0 ${outcome.tone === "good" ? "text-emerald-700" : "text-stone-500"}`}
              />
              <p className="text-stone-800">
                {outcome.label ? <strong className="block text-stone-900">{outcome.label}</strong> : null}
                {outcome.text}
              </p>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
