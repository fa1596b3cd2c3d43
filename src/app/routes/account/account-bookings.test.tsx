// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract/orders.ts';
import { paidOrder } from '#features/orders/storage/saved-order.test-helper.ts';
import { ticketStore } from '#features/orders/storage/ticket-store.ts';
import { ApiCallError, type ApiCaller, ApiCallerProvider } from '#lib/api-caller.tsx';
import { BootStateProvider } from '#lib/public-config.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { testBootState } from '#lib/screen.test-helper.tsx';
import { signedOut } from '#lib/session/route-session.ts';
import { SessionProvider } from '#lib/session/session-context.tsx';
import { createSessionStore } from '#lib/session/session-store.ts';
import { Component, createLoader } from './account-bookings.tsx';

const ada = 'auth-ada';
const state = testBootState;

/** No answer at all: the phone has no connection. */
const noConnection: ApiCaller = () => Promise.reject(new ApiCallError(0, 'Network Error'));
/** A connection that never answers (a captive portal, one bar of signal). */
const hanging: ApiCaller = () => new Promise(() => undefined);
const answering =
  (items: Order[]): ApiCaller =>
  async <T,>() =>
    ({ items }) as T;

let root: Root | null = null;

/** My tickets drawn in the browser alone, as from the app shell: no server HTML, no loader data from a server. */
function openBookings(api: ApiCaller, authId = ada): HTMLElement {
  const queryClient = createQueryClient();
  const session = createSessionStore({ ...signedOut, signedIn: true, authId, token: 'token' });
  const router = createMemoryRouter(
    [{ path: '/account/bookings', Component, loader: createLoader({ queryClient, api, session: session.get }) }],
    { initialEntries: ['/account/bookings'] },
  );
  const container = document.createElement('main');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <BootStateProvider value={state}>
      <SessionProvider store={session}>
        <QueryClientProvider client={queryClient}>
          <ApiCallerProvider api={api}>
            <RouterProvider router={router} />
          </ApiCallerProvider>
        </QueryClientProvider>
      </SessionProvider>
    </BootStateProvider>,
  );
  return container;
}

const booking = (page: HTMLElement, title: string) =>
  [...page.querySelectorAll('article')].find((article) => article.querySelector('h3')?.textContent === title);

describe('My tickets from the device', () => {
  beforeEach(() => ticketStore().forgetAll());
  afterEach(() => {
    root?.unmount();
    root = null;
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('shows the tickets saved on this device with no connection, says it is offline, and marks them saved', async () => {
    const order = paidOrder({ title: 'Harbour Lights', holderName: 'Cam Companion' });
    await ticketStore().keep(ada, [order], Date.now() - 60_000);

    const page = openBookings(noConnection);
    await vi.waitFor(() => expect(booking(page, 'Harbour Lights')).toBeDefined());
    const card = booking(page, 'Harbour Lights') as HTMLElement;
    expect(card.textContent).toContain('Cam Companion');
    expect(card.textContent).toContain(order.reference);
    // Drawn or still loading, the code is there under its name.
    const qrName = 'QR code of ticket 1 of 1, Standard, Cam Companion';
    expect(card.querySelector(`img[alt="${qrName}"], [aria-label^="${qrName}"]`)).not.toBeNull();
    expect(card.textContent).toContain('Saved on this device');
    await vi.waitFor(() =>
      expect(page.textContent).toContain('You seem to be offline. These are the tickets saved on this device.'),
    );
    expect(page.textContent).toContain('Last updated 1 minute ago');
  });

  it('does not wait for a network that never answers', async () => {
    await ticketStore().keep(ada, [paidOrder({ title: 'Slow Signal Social' })], Date.now());

    const page = openBookings(hanging);
    await vi.waitFor(() => expect(booking(page, 'Slow Signal Social')?.textContent).toContain('Saved on this device'));
    // The time line waits for the device's clock, read once the page is on screen.
    await vi.waitFor(() => expect(page.textContent).toContain('checking for changes'));
  });

  it('lets the network’s answer win, and the device follows it', async () => {
    const cancelled = paidOrder({ title: 'Cancelled Gala' });
    await ticketStore().keep(ada, [cancelled], Date.now() - 60_000);
    const current = paidOrder({ title: 'Summer Social' });

    const page = openBookings(answering([current]));
    await vi.waitFor(() => expect(booking(page, 'Summer Social')?.textContent).toContain('Saved on this device'));
    expect(booking(page, 'Cancelled Gala')).toBeUndefined();
    expect(page.textContent).not.toContain('You seem to be offline');
    expect((await ticketStore().read(ada)).orders.map((entry) => entry.order.id)).toEqual([current.id]);
  });

  it('says there is no ticket to show, and where to find events, when every order was refunded', async () => {
    const refunded = paidOrder({ title: 'Refunded Revue', status: 'refunded' });
    const page = openBookings(answering([refunded]));
    await vi.waitFor(() => expect(page.textContent).toContain('No tickets to show'));
    expect(page.textContent).toContain('Unfinished, cancelled and refunded orders (1)');
    expect([...page.querySelectorAll('a')].some((link) => link.textContent === 'Find events')).toBe(true);
  });

  it('never shows another account’s tickets kept on the same device', async () => {
    await ticketStore().keep('auth-ben', [paidOrder({ title: 'Ben’s Night Out' })], Date.now());

    const page = openBookings(noConnection);
    await vi.waitFor(() => expect(page.querySelector('[role="alert"]')?.textContent).toContain('We couldn’t load your bookings'));
    expect(page.textContent).not.toContain('Ben’s Night Out');
  });
});
