interface AudienceSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  points: ReadonlyArray<{ title: string; body: string }>;
}

export function AudienceSection({ id, eyebrow, title, points }: AudienceSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <p className="font-semibold text-indigo-700 uppercase tracking-wide text-sm">{eyebrow}</p>
      <h2 id={`${id}-title`} className="mt-2 max-w-2xl font-bold text-2xl text-slate-900 sm:text-3xl">
        {title}
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {points.map((point) => (
          <li key={point.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">{point.title}</h3>
            <p className="mt-2 text-slate-600">{point.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
