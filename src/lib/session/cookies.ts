import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';
import type { Platform } from '../../contract/users.ts';
import { removeActingCookie } from './acting.ts';

/** Every cookie the spec names for a signed-in session. */
export const sessionCookieNames = ['accessToken', 'refreshToken', 'u', 'tokenExpiry', 'email', 'platforms'] as const;

/** The cookies outlive the access token, so the session can be renewed; they end with the refresh token. */
const cookieLifetimeDays = 30;

export interface StoredSession {
  accessToken?: string;
  /** Unix seconds. */
  tokenExpiry?: number;
  authId?: string;
  email?: string;
  platforms: Platform[];
}

export function readSessionCookies(): StoredSession {
  const expiry = Number(Cookies.get('tokenExpiry'));
  return {
    accessToken: Cookies.get('accessToken') || undefined,
    tokenExpiry: Number.isFinite(expiry) && expiry > 0 ? expiry : undefined,
    authId: Cookies.get('u') || undefined,
    email: Cookies.get('email') || undefined,
    platforms: (Cookies.get('platforms') ?? '').split(',').filter(Boolean) as Platform[],
  };
}

/** Stores a new access token; its expiry is read from the token's own `exp` claim. */
export function writeAccessToken(accessToken: string): void {
  const { exp } = jwtDecode<{ exp?: number }>(accessToken);
  const options = cookieOptions();
  Cookies.set('accessToken', accessToken, options);
  Cookies.set('tokenExpiry', String(exp ?? 0), options);
}

export function writeSessionCookies(session: {
  accessToken: string;
  authId: string;
  email: string;
  platforms: Platform[];
}): void {
  writeAccessToken(session.accessToken);
  const options = cookieOptions();
  Cookies.set('u', session.authId, options);
  Cookies.set('email', session.email, options);
  Cookies.set('platforms', session.platforms.join(','), options);
}

function cookieOptions(): Cookies.CookieAttributes {
  return { path: '/', sameSite: 'strict', secure: window.location.protocol === 'https:', expires: cookieLifetimeDays };
}

/** Forgets the session in this browser: session storage and the session cookies. */
export function wipeSession(): void {
  try {
    sessionStorage.clear();
  } catch {
    // storage may be unavailable (private mode); the cookies still go
  }
  for (const name of sessionCookieNames) Cookies.remove(name, { path: '/' });
  removeActingCookie();
}
