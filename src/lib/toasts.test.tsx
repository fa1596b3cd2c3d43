// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import toastStyles from 'react-toastify/ReactToastify.css?url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The container and its styles load once per page: this file starts from a page and a module no other file has used.
document.head.innerHTML = '';
vi.resetModules();
const { Toasts, toast } = await import('./toasts.tsx');
const { toastSettings } = await import('./toast-layer.tsx');

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let root: Root | null = null;
/** The browser's idle callbacks, run only when a test says the browser is idle. */
let idleCallbacks: Array<() => void> = [];
/** jsdom fetches no stylesheet: this one says each added link has loaded, as a browser would. */
const stylesheets = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
        setTimeout(() => node.dispatchEvent(new Event('load')), 5);
    }
  }
});
stylesheets.observe(document.head, { childList: true });
beforeEach(() => {
  idleCallbacks = [];
  Object.assign(window, {
    requestIdleCallback: (callback: () => void) => idleCallbacks.push(callback),
    cancelIdleCallback: () => {},
  });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mountToasts(): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<Toasts />));
  return container;
}

async function eventually(check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('not in time');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

describe('toasts', () => {
  it('are configured as the product specifies', () => {
    expect(toastSettings).toMatchObject({
      position: 'top-center',
      autoClose: 3000,
      limit: 1,
      hideProgressBar: true,
      closeButton: true,
    });
  });

  it('fetch their code and styles once the page has settled, and apply them and mount the container with a toast', async () => {
    const container = mountToasts();
    const sheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(sheets()).toEqual([]);
    act(() => {
      for (const callback of idleCallbacks) callback();
    });
    await eventually(() => sheets().length > 0);
    // Fetched ahead, not applied: a stylesheet that applies restyles the whole page.
    expect(sheets().map((link) => [link.getAttribute('href'), link.media])).toEqual([[toastStyles, 'print']]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(container.querySelector('.Toastify')).toBeNull();
    toast.success('Saved for later');
    await eventually(() => container.textContent?.includes('Saved for later') ?? false);
    // The same element applies now: no second request.
    expect(sheets().map((link) => [link.getAttribute('href'), link.media])).toEqual([[toastStyles, 'all']]);
  });

  it('show a toast raised before then without waiting for the browser to be idle', async () => {
    const container = mountToasts();
    toast.success('Saved for later');
    await eventually(() => container.textContent?.includes('Saved for later') ?? false);
    // Their styles come with them, asked for once however many toasts ask.
    toast.info('Copied');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([toastStyles]);
  });
});
