import { describe, expect, it } from 'vitest';
import { deriveSession, parseCookieHeader } from '../src/lib/session/route-session.ts';
import { cookieHeader, sessionCookies, tokenExpiry } from './page-session.ts';

const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('the page bench’s signed-in visitor', () => {
  it('reads the expiry from the access token', () => {
    expect(tokenExpiry(token({ exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(() => tokenExpiry('not-a-token')).toThrow('not a JWT');
  });

  it('holds the cookies a signed-in browser holds, which the server reads as signed in', () => {
    const accessToken = token({ exp: 1_900_000_000, org: null });
    const cookies = sessionCookies(
      {
        accessToken,
        authId: '7d1c2f9e-4f55-4d8b-a5b1-0f8a2d4c9e11',
        user: { email: 'alex@admit.demo', platforms: ['attendee'] },
      },
      ['refreshToken=r1; Path=/api/auth; HttpOnly; SameSite=Strict', 'device=d1; Path=/; HttpOnly'],
    );
    expect(cookies.map((cookie) => cookie.name)).toEqual([
      'refreshToken',
      'device',
      'accessToken',
      'tokenExpiry',
      'u',
      'email',
      'platforms',
    ]);
    const session = deriveSession(parseCookieHeader(cookieHeader(cookies)), 1_800_000_000);
    expect(session).toMatchObject({ signedIn: true, email: 'alex@admit.demo', platforms: ['attendee'], token: accessToken });
  });
});
