import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import type { Platform } from '../../contract/users.ts';

/**
 * The browser's cookie holding the acting token, beside the spec's session cookies (which stay the admin's). Here, not
 * in the contract's acting schemas: every page reads it, and the schemas would bring the validation library along.
 */
export const actingCookieName = 'actingToken';

/** An administrator acting as a user for support (decision 033), as the acting token says. */
export interface ActingToken {
  token: string;
  /** The user acted as. */
  userId: string;
  /** The administrator acting. */
  adminId: string;
  platforms: Platform[];
  organizationId: string | null;
  /** Unix seconds. */
  expiresAt: number;
}

interface ActingClaims {
  sub?: string;
  exp?: number;
  act?: { sub?: string };
  platforms?: Platform[];
  org?: string | null;
}

/** The acting token of a cookie value while it is unexpired; null otherwise (it is never renewed). */
export function readActingToken(value: string | undefined, nowSeconds = Date.now() / 1000): ActingToken | null {
  if (!value) return null;
  try {
    const claims = jwtDecode<ActingClaims>(value);
    if (!claims.sub || !claims.act?.sub || !claims.exp || claims.exp <= nowSeconds) return null;
    return {
      token: value,
      userId: claims.sub,
      adminId: claims.act.sub,
      platforms: claims.platforms ?? [],
      organizationId: claims.org ?? null,
      expiresAt: claims.exp,
    };
  } catch {
    return null;
  }
}

/** Stores the acting token in its own cookie, which ends with the token; the admin's session cookies stay as they are. */
export function writeActingCookie(token: string, expiresAt: number): void {
  Cookies.set(actingCookieName, token, {
    path: '/',
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    expires: new Date(expiresAt * 1000),
  });
}

export function removeActingCookie(): void {
  Cookies.remove(actingCookieName, { path: '/' });
}

/** The acting token to send instead of the admin's own, when one is stored and unexpired; an expired one is dropped. */
export function currentActingToken(): string | undefined {
  const value = Cookies.get(actingCookieName);
  if (!value) return undefined;
  const acting = readActingToken(value);
  if (!acting) removeActingCookie();
  return acting?.token;
}

/** Whether a request went with an acting token (read from the token it carried, whether or not it has expired since). */
export function sentActingToken(config: { headers?: { Authorization?: unknown } } | undefined): boolean {
  const header = String(config?.headers?.Authorization ?? '');
  if (!header.startsWith('Bearer ')) return false;
  try {
    return jwtDecode<ActingClaims>(header.slice('Bearer '.length)).act !== undefined;
  } catch {
    return false;
  }
}
