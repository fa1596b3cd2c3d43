// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedOriginsOf, judgeNavigation, navigateTo, refusedNavigationMessage } from './external-navigation.ts';
import { toast } from './toasts.tsx';

vi.mock('./toasts.tsx', () => ({ toast: { warning: vi.fn() } }));

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
      '\u0000javascript:alert(1)',
      '\n\tJAVASCRIPT:alert(1)',
      'javascript\r:alert(1)',
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

describe('the origins a page may send people to', () => {
  const config = { apiBase: '/api', allowedExternalOrigins: ['https://www.openstreetmap.org'] };

  it('are those the server lists, and the API’s when it is served from elsewhere', () => {
    expect(allowedOriginsOf(config, origin)).toEqual(['https://www.openstreetmap.org']);
    expect(allowedOriginsOf({ ...config, apiBase: 'https://api.admit.example/v1' }, origin)).toEqual([
      'https://www.openstreetmap.org',
      'https://api.admit.example',
    ]);
  });
});

describe('navigating from code', () => {
  const open = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('open', open);
    window.__ADMIT__ = {
      config: { apiBase: '/api', allowedExternalOrigins: ['https://stream.example'] },
    } as unknown as typeof window.__ADMIT__;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    delete window.__ADMIT__;
  });

  it('refuses a site that is not allowed with a toast, and stays', () => {
    expect(navigateTo('https://evil.example/pay')).toBe(false);
    expect(navigateTo(' javascript:alert(1)', { newTab: true })).toBe(false);
    expect(toast.warning).toHaveBeenCalledTimes(2);
    expect(toast.warning).toHaveBeenCalledWith(refusedNavigationMessage);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an allowed site in a new tab that cannot reach back', () => {
    expect(navigateTo('https://stream.example/live', { newTab: true })).toBe(true);
    expect(open).toHaveBeenCalledWith('https://stream.example/live', '_blank', 'noopener,noreferrer');
    expect(toast.warning).not.toHaveBeenCalled();
  });
});
