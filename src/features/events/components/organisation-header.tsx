import type { Organization } from '#contract/users.ts';

/** The top of an organiser's public page: its logo (or initial), name, whether it is verified, its city and About. */
export function OrganisationHeader({ organisation }: { organisation: Organization }) {
  return (
    <header className="space-y-4">
      <div className="flex items-center gap-4">
        {organisation.logoUrl ? (
          <img
            src={organisation.logoUrl}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-2xl object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-indigo-100 font-bold text-2xl text-indigo-700"
          >
            {organisation.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-indigo-700 text-sm">Organiser{organisation.city ? ` · ${organisation.city}` : ''}</p>
          <h1 className="break-words font-extrabold text-3xl text-slate-900">{organisation.name}</h1>
          {organisation.kycStatus === 'verified' ? <p className="text-green-800 text-sm">✓ Verified organiser</p> : null}
        </div>
      </div>
      {organisation.description ? (
        <p className="max-w-prose whitespace-pre-line text-slate-700">{organisation.description}</p>
      ) : null}
    </header>
  );
}
