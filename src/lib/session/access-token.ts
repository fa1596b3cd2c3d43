import axios from 'axios';
import Cookies from 'js-cookie';
import type { ApiEnvelope } from '../../contract/envelope.ts';
import { currentActingToken } from './acting.ts';
import { readSessionCookies, writeAccessToken } from './cookies.ts';
import { forgetUserData } from './forget-user.ts';

/** Renew a little before the expiry, so a call never arrives with a token that lapses on the way. */
const expirySkewSeconds = 10;

export const isExpired = (tokenExpiry: number | undefined, now = Date.now() / 1000) =>
  tokenExpiry === undefined || tokenExpiry - expirySkewSeconds <= now;

let inFlight: Promise<string | undefined> | null = null;

/** Clearing the device never holds the way to sign in for longer than this. */
const forgetWaitMs = 3000;

/**
 * Ends the session as the spec says for UNAUTHORIZED: wipe (the cookies at once, then the user's data kept on
 * the device), then sign in again with a page load.
 */
export function endSession(): void {
  const waited = new Promise((resolve) => setTimeout(resolve, forgetWaitMs));
  void Promise.race([forgetUserData(), waited])
    .catch(() => undefined)
    .then(() => window.location.assign('/sign-in'));
}

async function renew(apiBase: string, force = false): Promise<string | undefined> {
  // Another tab may have renewed while this one waited for the lock: the cookies are shared.
  const current = readSessionCookies();
  if (!force && current.accessToken && !isExpired(current.tokenExpiry)) return current.accessToken;
  if (!current.authId) return undefined;
  try {
    const response = await axios.post<ApiEnvelope<{ accessToken: string }>>(
      `${apiBase}/auth/refreshToken`,
      { authId: current.authId },
      { withCredentials: true, headers: { 'Content-Type': 'application/json' } },
    );
    const accessToken = response.data.data?.accessToken;
    if (!accessToken) return undefined;
    writeAccessToken(accessToken);
    return accessToken;
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.status === 401) endSession();
    throw error;
  }
}

/**
 * The access token to send: the current one while it is valid; the old one as it is when the
 * refresh token is the literal text `null` (spec §4); otherwise a renewed one. One renewal runs
 * at a time in this tab, and across tabs when the browser has Web Locks.
 */
export function validAccessToken(apiBase: string): Promise<string | undefined> {
  const session = readSessionCookies();
  // Acting for support: the acting token goes instead, never renewed; without it the admin's own session is back.
  const acting = session.accessToken ? currentActingToken() : undefined;
  if (acting) return Promise.resolve(acting);
  if (!session.accessToken) return Promise.resolve(undefined);
  if (!isExpired(session.tokenExpiry)) return Promise.resolve(session.accessToken);
  if (Cookies.get('refreshToken') === 'null') return Promise.resolve(session.accessToken);
  inFlight ??= (navigator.locks ? navigator.locks.request('admit-token-renewal', () => renew(apiBase)) : renew(apiBase)).finally(
    () => {
      inFlight = null;
    },
  );
  return inFlight;
}

/**
 * Takes a new access token now, even though the current one is valid: after a change its claims
 * carry (joining an organisation). Resolves to undefined when there is no session to renew.
 */
export function renewAccessToken(apiBase: string): Promise<string | undefined> {
  const run = () => renew(apiBase, true);
  return navigator.locks ? navigator.locks.request('admit-token-renewal', run) : run();
}
