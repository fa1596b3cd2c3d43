import type { ReactNode } from 'react';

/** A titled card on the account page. */
export function AccountSection({
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
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={id} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
