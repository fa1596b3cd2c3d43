import { createElement } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { MemberRole } from '../contract/users.ts';
import type { RouteSession } from '../lib/session/route-session.ts';
import { RouteError } from './errors/route-error.tsx';
import { forbidden } from './not-found-response.ts';
import type { GuardName } from './route-handle.ts';

// Any origin would do: only whether the resolved address stays on it matters.
const ownOrigin = 'http://admit.invalid';
// A browser reads a backslash as `/` and drops tabs and newlines, so a string holding them can mean another address.
const unsafeCharacter = (char: string) => char <= '\u001f' || char === '\u007f' || char === '\\';

/**
 * A path on this site to return to after sign-in, or null. What is judged is the string returned, not the one
 * received: `/.//evil.example` resolves to `//evil.example`, which a browser reads as another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, ownOrigin);
  } catch {
    return null;
  }
  if (url.origin !== ownOrigin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || [...path].some(unsafeCharacter)) return null;
  return path;
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

/** The one place that decides where a person lands after signing in, signing up or confirming their email. */
export function landingAfterSignIn(
  asked: string | null | undefined,
  user: { organizationRole?: MemberRole | null; platforms?: readonly string[] },
): string {
  return safeReturnPath(asked) ?? landingFor(user);
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
