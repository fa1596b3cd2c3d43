import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const tokens = createAccessTokens(secret, 900);
const claims = { sub: '6f1c1f5e-8a3b-4a7e-9d7e-2f4f8e1b9c10', platforms: ['attendee' as const], org: null };
const key = new TextEncoder().encode(secret);

describe('access tokens', () => {
  it('carry the subject, roles and a 15-minute expiry', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await tokens.sign(claims);
    const after = Math.floor(Date.now() / 1000);
    // Signed within [before, after]: a second may tick over between the two readings.
    expect(expiresAt - 900).toBeGreaterThanOrEqual(before);
    expect(expiresAt - 900).toBeLessThanOrEqual(after);
    expect(await tokens.verify(token)).toMatchObject({ ...claims, exp: expiresAt });
  });

  it('are refused when tampered with', async () => {
    const { token } = await tokens.sign(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), platforms: ['admin'] }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it('are refused when expired', async () => {
    const expired = await new SignJWT({ platforms: ['attendee'], org: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('admit')
      .setAudience('admit-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(await tokens.verify(expired)).toBeNull();
  });

  it('are refused once expired even after being accepted (a remembered token is not trusted forever)', async () => {
    vi.useFakeTimers({ now: Date.now() });
    try {
      const shortLived = createAccessTokens(secret, 60);
      const { token } = await shortLived.sign(claims);
      expect(await shortLived.verify(token)).not.toBeNull();
      expect(await shortLived.verify(token)).not.toBeNull();
      vi.advanceTimersByTime(61_000);
      expect(await shortLived.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('are refused for another audience or issuer, or signed with another key', async () => {
    const base = () =>
      new SignJWT({ platforms: ['attendee'], org: null })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setExpirationTime('5m');
    expect(await tokens.verify(await base().setIssuer('admit').setAudience('someone-else').sign(key))).toBeNull();
    expect(await tokens.verify(await base().setIssuer('elsewhere').setAudience('admit-api').sign(key))).toBeNull();
    const otherKey = new TextEncoder().encode('another-secret-that-is-also-long-enough!!');
    expect(await tokens.verify(await base().setIssuer('admit').setAudience('admit-api').sign(otherKey))).toBeNull();
  });

  it('are refused with alg none', async () => {
    const unsigned = new UnsecuredJWT({ platforms: ['admin'], org: null })
      .setSubject(claims.sub)
      .setIssuer('admit')
      .setAudience('admit-api')
      .setExpirationTime('5m')
      .encode();
    expect(await tokens.verify(unsigned)).toBeNull();
  });

  it('are refused when garbage', async () => {
    expect(await tokens.verify('not.a.token')).toBeNull();
    expect(await tokens.verify('')).toBeNull();
  });
});
