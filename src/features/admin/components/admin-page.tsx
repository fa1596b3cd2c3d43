import type { ReactNode } from 'react';
import { SearchInput } from '#components/search-input.tsx';

/** The heading every admin page opens with. */
/** A page's title and what it is for; `actions` (a download, a new item) sit beside it. */
export function AdminHeader({ title, intro, actions }: { title: string; intro: string; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-slate-600">{intro}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** What a page says in place of what the caller's groups do not allow. */
export function NotAllowed({ what }: { what: string }) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">Not in your groups</h2>
      <p className="mt-1 text-slate-600">
        Your admin groups do not allow {what}. An administrator who manages groups can add it.
      </p>
    </div>
  );
}

/**
 * A GET search form: it works before the page's code has loaded, and its words stay in the address. `maxLength` is
 * the list's own limit where it takes longer searches than the usual 100 characters.
 */
export function AdminSearch({
  label,
  q,
  placeholder,
  maxLength,
}: {
  label: string;
  q: string;
  placeholder: string;
  maxLength?: number;
}) {
  return (
    <form method="get" className="w-full max-w-xl">
      <SearchInput label={label} defaultValue={q} placeholder={placeholder} buttonVariant="secondary" maxLength={maxLength} />
    </form>
  );
}

/** Fetches the next keyset page. */
export function AdminPage({ children }: { children: ReactNode }) {
  return <div className="space-y-6">{children}</div>;
}
