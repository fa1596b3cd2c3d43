import { describe, expect, it } from 'vitest';
import { sentActingToken } from './acting.ts';
import { deriveSession } from './route-session.ts';

const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.y`;
const now = 1_800_000_000;
const admin = {
  accessToken: token({ org: null }),
  tokenExpiry: String(now + 600),
  u: 'admin-1',
  email: 'a@admit.test',
  platforms: 'attendee,admin',
};
const acting = token({
  sub: 'user-1',
  act: { sub: 'admin-1' },
  exp: now + 1200,
  platforms: ['attendee', 'organiser'],
  org: 'org-1',
});

describe('the session while acting as a user', () => {
  it('is the user’s (their id, roles and organisation, the acting token) while the acting token is unexpired', () => {
    expect(deriveSession({ ...admin, actingToken: acting }, now)).toEqual({
      signedIn: true,
      authId: 'user-1',
      email: null,
      platforms: ['attendee', 'organiser'],
      organizationId: 'org-1',
      token: acting,
      acting: { adminId: 'admin-1', expiresAt: now + 1200 },
    });
  });

  it('is the administrator’s own again once the acting token expires, or when it is not an acting token', () => {
    expect(deriveSession({ ...admin, actingToken: acting }, now + 1200)).toMatchObject({ authId: 'admin-1', acting: null });
    expect(deriveSession({ ...admin, actingToken: token({ sub: 'user-1', exp: now + 60 }) }, now)).toMatchObject({
      authId: 'admin-1',
      acting: null,
    });
    expect(deriveSession({ ...admin, actingToken: 'not a token' }, now)).toMatchObject({ authId: 'admin-1' });
  });

  it('needs the administrator’s session underneath: an acting cookie alone signs no one in', () => {
    expect(deriveSession({ actingToken: acting }, now)).toMatchObject({ signedIn: false, acting: null });
  });
});

describe('a request sent with an acting token', () => {
  it('is told from the token it carried, expired or not', () => {
    expect(sentActingToken({ headers: { Authorization: `Bearer ${acting}` } })).toBe(true);
    expect(sentActingToken({ headers: { Authorization: `Bearer ${admin.accessToken}` } })).toBe(false);
    expect(sentActingToken({ headers: {} })).toBe(false);
    expect(sentActingToken(undefined)).toBe(false);
  });
});
