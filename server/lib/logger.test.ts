import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('log redaction', () => {
  it('hides codes and tokens in query strings', () => {
    expect(redactUrl('/verify-cognito?email=a%40b.c&code=123456')).toBe('/verify-cognito?email=a%40b.c&code=%5Bredacted%5D');
    expect(redactUrl('/x?token=abc&page=2')).toBe('/x?token=%5Bredacted%5D&page=2');
  });

  it('leaves plain paths alone', () => {
    expect(redactUrl('/events/123')).toBe('/events/123');
  });
});
