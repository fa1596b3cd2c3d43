import { jwtDecode } from 'jwt-decode';
import type { Platform } from '../../contract/users.ts';
import { actingCookieName, readActingToken } from './acting.ts';

/** What pages and guards know of the visitor; derived from the session cookies alone. */
export interface RouteSession {
  signedIn: boolean;
  authId: string | null;
  email: string | null;
  platforms: Platform[];
  organizationId: string | null;
  /** The access token while it is valid (spec §4: cleared from state when expired or absent). */
  token: string | null;
  /** While an administrator acts as this user for support: who acts, and until when (Unix seconds). */
  acting: { adminId: string; expiresAt: number } | null;
}

export const signedOut: RouteSession = {
  signedIn: false,
  authId: null,
  email: null,
  platforms: [],
  organizationId: null,
  token: null,
  acting: null,
};

function organizationOf(token: string): string | null {
  try {
    return jwtDecode<{ org?: string | null }>(token).org ?? null;
  } catch {
    return null;
  }
}

/**
 * Reads the session from cookie values; the same on the server (request cookies) and in the
 * browser, so server and client render alike. It decides what to show, never what is allowed:
 * the API checks every call.
 */
export function deriveSession(cookies: Record<string, string | undefined>, nowSeconds = Date.now() / 1000): RouteSession {
  // Acting for support: the pages are the user's, the spec's session cookies stay the administrator's underneath.
  const acting = cookies.accessToken ? readActingToken(cookies[actingCookieName], nowSeconds) : null;
  if (acting) {
    return {
      signedIn: true,
      authId: acting.userId,
      email: null,
      platforms: acting.platforms,
      organizationId: acting.organizationId,
      token: acting.token,
      acting: { adminId: acting.adminId, expiresAt: acting.expiresAt },
    };
  }
  const accessToken = cookies.accessToken;
  if (!accessToken) return signedOut;
  const expiry = Number(cookies.tokenExpiry);
  const valid = Number.isFinite(expiry) && expiry > nowSeconds;
  const authId = cookies.u || null;
  // An expired token still means signed in while there is an account to renew it for.
  if (!valid && !authId) return signedOut;
  return {
    signedIn: true,
    authId,
    email: cookies.email || null,
    platforms: (cookies.platforms ?? '').split(',').filter(Boolean) as Platform[],
    organizationId: organizationOf(accessToken),
    token: valid ? accessToken : null,
    acting: null,
  };
}

/** Parses a Cookie header the way js-cookie writes values. */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(/;\s*/)) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies[name] ??= decodeURIComponent(part.slice(index + 1));
    } catch {
      cookies[name] ??= part.slice(index + 1);
    }
  }
  return cookies;
}
