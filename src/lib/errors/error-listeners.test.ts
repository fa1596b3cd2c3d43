// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyError, installErrorListeners, settleAbortedViewTransitions } from './error-listeners.ts';

const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 202 }));
let stop: () => void = () => undefined;

/** A rejection nobody handled, as the browser dispatches it (jsdom has no PromiseRejectionEvent). */
const rejection = (reason: unknown) =>
  Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason, promise: Promise.resolve() }) as EarlyError;
const thrown = (error: unknown, init: ErrorEventInit = {}) =>
  new ErrorEvent('error', { error, message: error instanceof Error ? error.message : String(error), cancelable: true, ...init });

const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    requestId: (init.headers as Record<string, string>)['x-request-id'],
    body: JSON.parse(String(init.body)),
  }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/account/bookings?code=123456#ticket');
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

describe('errors outside rendering', () => {
  it('are logged with the page and a request id and reported to the server, without the query', () => {
    stop = installErrorListeners();
    const event = thrown(new TypeError('Cannot read properties of undefined (reading "seat")'));
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const [report] = sent();
    expect(report?.url).toBe('/api/client-errors');
    expect(report?.body).toMatchObject({
      kind: 'error',
      name: 'TypeError',
      message: 'Cannot read properties of undefined (reading "seat")',
      page: '/account/bookings',
      fatal: false,
    });
    expect(JSON.stringify(report?.body)).not.toContain('123456');
    expect(console.error).toHaveBeenCalledWith(
      `Admit error on /account/bookings (request id ${report?.requestId})`,
      expect.any(TypeError),
    );
  });

  it('report a promise nobody waited for, once however often it happens', () => {
    stop = installErrorListeners();
    for (let time = 0; time < 3; time += 1) window.dispatchEvent(rejection(new Error('The seat map could not be drawn')));
    expect(sent().map((report) => [report.body.kind, report.body.message])).toEqual([
      ['unhandledrejection', 'The seat map could not be drawn'],
    ]);
  });

  it('hand over what was raised before the listeners loaded', () => {
    stop = installErrorListeners([rejection(new RangeError('Invalid time value'))]);
    expect(sent().map((report) => report.body.name)).toEqual(['RangeError']);
  });

  it('only log what is benign: ResizeObserver loops, aborted view transitions, cancelled requests, failed API calls, other sites’ scripts', () => {
    stop = installErrorListeners();
    const aborted = new DOMException('Transition was aborted because of invalid state', 'InvalidStateError');
    window.dispatchEvent(thrown(null, { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    window.dispatchEvent(rejection(aborted));
    window.dispatchEvent(rejection(new DOMException('The user aborted a request.', 'AbortError')));
    window.dispatchEvent(rejection(Object.assign(new Error('Request failed with status code 409'), { isAxiosError: true })));
    window.dispatchEvent(thrown(new Error('extension broke'), { filename: 'chrome-extension://abc/content.js' }));
    window.dispatchEvent(thrown(null, { message: 'Script error.' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledTimes(6);
  });

  it('stop being listened for once stopped', () => {
    installErrorListeners()();
    // The test's own listener marks the error handled, as the stopped ones no longer do: jsdom would otherwise
    // report it as uncaught, and the test run with it.
    const handled = (event: Event) => event.preventDefault();
    window.addEventListener('error', handled);
    const event = thrown(new Error('After the page was left'));
    window.dispatchEvent(event);
    window.removeEventListener('error', handled);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });
});

describe('view transitions the viewport cut short', () => {
  const documentWith = (ready: Promise<void>) => {
    const target = { startViewTransition: () => ({ ready, finished: Promise.resolve() }) } as unknown as Document;
    settleAbortedViewTransitions(target);
    return target.startViewTransition(() => undefined);
  };

  it('settle quietly instead of rejecting', async () => {
    const aborted = Promise.reject(new DOMException('Transition was aborted because of invalid state', 'InvalidStateError'));
    await expect(documentWith(aborted).ready).resolves.toBeUndefined();
  });

  it('still reject for any other reason', async () => {
    const failed = Promise.reject(new Error('The update callback failed'));
    await expect(documentWith(failed).ready).rejects.toThrow('The update callback failed');
  });
});
