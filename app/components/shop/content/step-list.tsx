export interface Step {
  title: string;
  body: string;
}

/** Numbered steps (1-2-3-4): one column on phones, a row on wide screens. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-3 rounded-xl bg-brand-50 p-4 lg:flex-col">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold text-brand-900">{step.title}</h3>
            <p className="mt-1 text-sm leading-6 text-stone-700">{step.body}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
