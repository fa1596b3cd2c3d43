// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { reportStartFailure, showFatalPage } from './error-reporting.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('replaces an app shell that could not start with the full-page error, and reports it as fatal', async () => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/event/abc?ref=mail');
  document.body.innerHTML = '<main><h1>The server’s page, never hydrated</h1></main>';

  showFatalPage(new Error('The page is missing its boot state.'), 'mount');

  await vi.waitFor(() => expect(document.querySelector('[data-testid="fatal-error"]')).not.toBeNull());
  expect(document.body.textContent).not.toContain('never hydrated');
  expect(document.querySelector('h1')?.textContent).toBe('Something went wrong');
  expect(document.querySelector('a')?.getAttribute('href')).toBe('/event/abc?ref=mail');
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toMatchObject({ kind: 'mount', fatal: true, page: '/event/abc' });
});

it('keeps a page the server rendered when the app cannot start on it, and reports the failure', async () => {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/terms');
  document.body.innerHTML = '<main><h1>Terms of use</h1></main>';

  reportStartFailure(new Error('The router could not be made.'));

  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toMatchObject({ kind: 'mount', fatal: false, page: '/terms' });
  expect(document.querySelector('h1')?.textContent).toBe('Terms of use');
});
