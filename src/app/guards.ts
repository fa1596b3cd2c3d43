import { createElement } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { MemberRole } from '../contract/users.ts';
import type { RouteSession } from '../lib/session/route-session.ts';
import { RouteError } from './errors/route-error.tsx';
import { forbidden } from './not-found-response.ts';
import type { GuardName } from './route-handle.ts';

/** A path on this site to return to after sign-in; anything else (other origins, `//host`) is dropped. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://admit.invalid');
    return url.origin === 'http://admit.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Where a user lands after signing in when they did not ask for a page: an organisation's door staff at the
 * scanner, its other members on the dashboard, administrators on the admin overview, everyone else on their account.
 */
export function landingFor(user: { organizationRole?: MemberRole | null; platforms?: readonly string[] }): string {
  if (user.organizationRole === 'door') return '/organizer/scan-ticket';
  if (user.organizationRole) return '/organizer/dashboard';
  if (user.platforms?.includes('admin')) return '/admin';
  return '/account';
}

export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/sign-in?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` }).toString()}`);
}

/** Checks the guards against the session; returns a redirect or throws a 403 when one fails. */
export function checkGuards(guards: readonly GuardName[], session: RouteSession, request: Request): Response | null {
  if (guards.includes('session') && session.signedIn) return redirect('/account');
  const needsSignIn = guards.some((guard) => guard !== 'session');
  if (needsSignIn && !session.signedIn) return signInRedirect(request);
  if (guards.includes('admin') && !session.platforms.includes('admin')) throw forbidden();
  if (guards.includes('organisation') && !session.organizationId) throw forbidden();
  return null;
}

/**
 * A pathless route whose loader runs the guards before its pages load, on the server (a 302)
 * and on every client navigation.
 */
export function guarded(guards: GuardName[], session: () => RouteSession, children: RouteObject[]): RouteObject {
  return {
    id: `guard-${guards.join('-')}`,
    handle: { guards },
    loader: ({ request }: LoaderFunctionArgs) => checkGuards(guards, session(), request),
    shouldRevalidate: () => true,
    errorElement: createElement(RouteError),
    children,
  };
}
