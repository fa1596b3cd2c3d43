import { describe, expect, it } from 'vitest';
import { judgeNavigation } from './external-navigation.ts';

const origin = 'https://admit.example';

describe('navigation to other sites', () => {
  it('allows paths on this site', () => {
    expect(judgeNavigation('/about-us', origin, [])).toBe('internal');
    expect(judgeNavigation('https://admit.example/policy', origin, [])).toBe('internal');
  });

  it('refuses other origins unless they are on the allowlist', () => {
    expect(judgeNavigation('https://evil.example/', origin, [])).toBe('refused');
    expect(judgeNavigation('https://maps.example/x', origin, ['https://maps.example'])).toBe('allowed-external');
    expect(judgeNavigation('http://maps.example/x', origin, ['https://maps.example'])).toBe('refused');
  });

  it('always refuses script and data URLs, whatever their spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
    ]) {
      expect(judgeNavigation(href, origin, [origin, 'javascript:'])).toBe('refused');
    }
  });

  it('allows blob downloads made by this site only', () => {
    expect(judgeNavigation('blob:https://admit.example/0b0c', origin, [])).toBe('internal');
    expect(judgeNavigation('blob:https://evil.example/0b0c', origin, [])).toBe('refused');
  });

  it('hands mail and phone links to the device', () => {
    expect(judgeNavigation('mailto:privacy@admit.example', origin, [])).toBe('allowed-external');
    expect(judgeNavigation('tel:+441234567890', origin, [])).toBe('allowed-external');
  });
});
