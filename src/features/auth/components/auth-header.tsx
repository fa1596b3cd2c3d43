import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkClass } from '#components/button.ts';

/** The top of an auth card: the page's one h1 and a line saying what the page is for. */
export function AuthHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 sm:mb-8">
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
      {children ? <p className="mt-2 text-slate-600 leading-relaxed">{children}</p> : null}
    </header>
  );
}

/** Secondary links under a form. */
export function AuthFooter({ children }: { children: ReactNode }) {
  return <div className="mt-8 space-y-2 border-slate-200 border-t pt-6 text-center text-slate-700">{children}</div>;
}

/** The usual footer: a question, then the link that answers it ("Already have an account? Sign in"). */
export function AuthFooterLink({ prompt, to, children }: { prompt: string; to: string; children: ReactNode }) {
  return (
    <AuthFooter>
      <p>
        {prompt}{' '}
        <Link to={to} className={linkClass}>
          {children}
        </Link>
      </p>
    </AuthFooter>
  );
}

/**
 * `path` with `?email=` when there is an address to carry over, and `redirect=` when the visitor is
 * on their way back to a page (an invitation) through sign-up, confirmation and sign-in.
 */
export function withEmail(path: string, email: string, redirect?: string | null): string {
  const search = new URLSearchParams();
  if (email) search.set('email', email);
  if (redirect) search.set('redirect', redirect);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Keeps a form at a comfortable reading width inside the wide auth card. */
export function AuthColumn({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`mx-auto w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>{children}</div>;
}
