import type { ReactNode } from 'react';

interface FormCardProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One titled part of a long form, as a white card. */
export function FormCard({ id, title, intro, children }: FormCardProps) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="scroll-mt-24 font-bold text-lg text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-slate-600 text-sm">{intro}</p> : null}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}
