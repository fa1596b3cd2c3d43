import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSession, signedOut } from '../lib/session/route-session.ts';
import { checkGuards, landingAfterSignIn, landingFor, safeReturnPath } from './guards.ts';

const request = new Request('https://admit.test/account?tab=profile');
const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;
const now = 1_800_000_000;

const signedIn = deriveSession(
  { accessToken: token({ org: null }), tokenExpiry: String(now + 600), u: 'user-1', email: 'a@b.c', platforms: 'attendee' },
  now,
);

describe('guards', () => {
  it('send a signed-out visitor to sign in, remembering the page', () => {
    const response = checkGuards(['signIn'], signedOut, request);
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/sign-in?redirect=%2Faccount%3Ftab%3Dprofile');
  });

  it('send a signed-in visitor away from forgot-password (the session guard)', () => {
    expect(checkGuards(['session'], signedIn, request)?.headers.get('Location')).toBe('/account');
    expect(checkGuards(['session'], signedOut, request)).toBeNull();
  });

  it('refuse the admin area to a signed-in non-admin with 403', () => {
    expect(() => checkGuards(['signIn', 'admin'], signedIn, request)).toThrow();
    const admin = { ...signedIn, platforms: ['attendee' as const, 'admin' as const] };
    expect(checkGuards(['signIn', 'admin'], admin, request)).toBeNull();
  });

  it('require an organisation membership for organiser pages', () => {
    expect(() => checkGuards(['signIn', 'organisation'], signedIn, request)).toThrow();
    expect(checkGuards(['signIn', 'organisation'], { ...signedIn, organizationId: 'org-1' }, request)).toBeNull();
  });
});

describe('the session read from cookies', () => {
  it('keeps an expired token out of state but stays signed in while it can be renewed', () => {
    const expired = deriveSession({ accessToken: token({ org: 'org-1' }), tokenExpiry: String(now - 1), u: 'user-1' }, now);
    expect(expired).toMatchObject({ signedIn: true, token: null, organizationId: 'org-1' });
    expect(deriveSession({ accessToken: token({}), tokenExpiry: String(now - 1) }, now)).toEqual(signedOut);
    expect(deriveSession({}, now)).toEqual(signedOut);
  });
});

const site = 'https://admit.example';

/** Where a browser on this site goes when told to load `path` (it reads a backslash as a slash, as in `/\\host`). */
const landsOn = (path: string) => new URL(path.replaceAll('\\', '/'), site).origin;

describe('return paths after sign-in', () => {
  it('are same-origin paths only', () => {
    expect(safeReturnPath('/account?tab=1')).toBe('/account?tab=1');
    expect(safeReturnPath('/event/abc#tickets')).toBe('/event/abc#tickets');
    for (const unsafe of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeReturnPath(unsafe)).toBeNull();
    }
  });

  it('never lead to another site through dot segments, encoded dots or backslashes', () => {
    for (const trick of [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/%2e//evil.example/phish',
      '/%2E%2E//evil.example',
      '/./\\evil.example',
      '/.\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
    ]) {
      expect(safeReturnPath(trick), trick).toBeNull();
    }
    expect(landingAfterSignIn('/.//evil.example/phish', { platforms: ['attendee'] })).toBe('/account');
  });

  it('never yield an address on another origin, whatever the path is made of', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\\',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u007f',
      ' ',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'admit.example',
      'phish',
      'http:',
      'https://evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:',
      '\u3002',
    );
    const path = fc.oneof(
      fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join('')),
      fc.array(piece, { maxLength: 10 }).map((pieces) => `/${pieces.join('')}`),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(path, (value) => {
        const returned = safeReturnPath(value);
        if (returned === null) return;
        expect(returned.startsWith('/') && !returned.startsWith('//')).toBe(true);
        expect(landsOn(returned)).toBe(site);
        expect(new URL(returned, site).origin).toBe(site);
      }),
      { numRuns: 5000, examples: [['/.//evil.example/phish'], ['/./\\evil.example'], ['/.\\/evil.example']] },
    );
  });
});

describe('the landing page after sign-in', () => {
  it('is the scanner for door staff, the dashboard for the organisation’s other members, the admin overview for administrators, the account for everyone else', () => {
    expect(landingFor({ organizationRole: 'door' })).toBe('/organizer/scan-ticket');
    for (const role of ['owner', 'manager', 'finance'] as const)
      expect(landingFor({ organizationRole: role })).toBe('/organizer/dashboard');
    expect(landingFor({ organizationRole: null })).toBe('/account');
    expect(landingFor({ organizationRole: null, platforms: ['attendee', 'admin'] })).toBe('/admin');
    expect(landingFor({ organizationRole: null, platforms: ['attendee'] })).toBe('/account');
  });
});
