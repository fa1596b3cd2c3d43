import Cookies from 'js-cookie';

/** Every cookie the spec names for a signed-in session. */
export const sessionCookieNames = ['accessToken', 'refreshToken', 'u', 'tokenExpiry', 'email', 'platforms'] as const;

/** Forgets the session in this browser: session storage and the session cookies. */
export function wipeSession(): void {
  try {
    sessionStorage.clear();
  } catch {
    // storage may be unavailable (private mode); the cookies still go
  }
  for (const name of sessionCookieNames) Cookies.remove(name, { path: '/' });
}

export function readAccessToken(): string | undefined {
  return Cookies.get('accessToken');
}
