import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('content security policy', () => {
  it('allows scripts from this origin and this response’s nonce only, never inline ones', () => {
    const policy = contentSecurityPolicy('abc', { dev: false, connectSources: [], maps: false });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('googleapis');
  });

  it('lets the maps script load its own scripts, data and fonts when a maps key is configured', () => {
    const policy = contentSecurityPolicy('abc', { dev: false, connectSources: ['https://s3.example.com'], maps: true });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'nonce-abc'",
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
    ]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://s3.example.com',
        'https://maps.googleapis.com',
        'https://places.googleapis.com',
      ]),
    );
    expect(directive(policy, 'font-src')).toContain('https://fonts.gstatic.com');
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });
});
