import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { BrandLink } from './site-header.tsx';

/** A calm, narrow column for sign-in forms and long documents such as policies. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="mx-auto flex w-full max-w-3xl items-center px-4 py-4 sm:px-6">
        <BrandLink />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 pb-12 sm:px-6">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-10">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}
