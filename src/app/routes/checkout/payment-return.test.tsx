// @vitest-environment jsdom
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract/orders.ts';
import { paidOrder } from '#features/orders/storage/saved-order.test-helper.ts';
import { ApiCallError, type ApiCaller, ApiCallerProvider } from '#lib/api-caller.tsx';
import { BootStateProvider } from '#lib/public-config.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { orderKeys } from '#lib/query-keys/orders.ts';
import { testBootState } from '#lib/screen.test-helper.tsx';
import { signedOut } from '#lib/session/route-session.ts';
import { SessionProvider } from '#lib/session/session-context.tsx';
import { createSessionStore } from '#lib/session/session-store.ts';
import { Component as ErrorPage } from './payment-order-error.tsx';
import { Component as Landing } from './payment-success.tsx';

// The payment return pages against the browser's query cache: what an earlier, refused attempt left there must
// never decide where the buyer of a later, successful one is sent.

const state = testBootState;

const token = 'guest-token';
const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** The order as the error page of a refused card read it: held, failed, with the way back to paying. */
function refused(order: Order): Order {
  return {
    ...order,
    status: 'failed',
    failureReason: 'Your card was declined.',
    paymentUrl: '/pay/sandbox/cs_test_00000000000000000000000000000000',
    holdExpiresAt: inAnHour(),
    paidAt: null,
    tickets: [],
  };
}

/** The server's answers, one after another (the last one repeated), counted. */
function server(...answers: Order[]) {
  const calls: string[] = [];
  const api: ApiCaller = async <T,>(config: { url?: string }) => {
    calls.push(config.url ?? '');
    return answers[Math.min(calls.length - 1, answers.length - 1)] as Order as T;
  };
  return { api, calls };
}

let root: Root | null = null;

function Destination({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="destination">{`${name} ${location.search}`}</p>;
}

/** The return pages at `path`, with a query cache as the earlier pages of this tab left it. */
function open(path: string, api: ApiCaller, queryClient: QueryClient) {
  const router = createMemoryRouter(
    [
      { path: '/payment-success', Component: Landing },
      { path: '/payment/order-error', Component: ErrorPage },
      { path: '/payment/order-success', element: <Destination name="tickets" /> },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement('main');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <BootStateProvider value={state}>
      <SessionProvider store={createSessionStore(signedOut)}>
        <QueryClientProvider client={queryClient}>
          <ApiCallerProvider api={api}>
            <RouterProvider router={router} />
          </ApiCallerProvider>
        </QueryClientProvider>
      </SessionProvider>
    </BootStateProvider>,
  );
  return { container, router };
}

describe('the payment return pages', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    root?.unmount();
    root = null;
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('go to the tickets after two refused cards and a good one, whatever the error page left in the cache', async () => {
    const order = paidOrder();
    // The error page of the second refusal read the order moments ago: it said failed, and it is still fresh.
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(order.id), refused(order));
    const { api, calls } = server(order);

    const { container, router } = open(`/payment-success?orderId=${order.id}&token=${token}`, api, queryClient);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/order-success'));
    // The router moves first; the page it shows is drawn a moment later.
    await vi.waitFor(() => expect(container.textContent).toContain('tickets'));
    expect(container.textContent).not.toContain('Your card was declined');
    // The landing asked the server, not the cache.
    expect(calls.length).toBeGreaterThan(0);
  });

  it('never pass through the error page on the way to the tickets', async () => {
    const order = paidOrder();
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(order.id), refused(order));
    const { api } = server(order);
    const visited: string[] = [];

    const { router } = open(`/payment-success?orderId=${order.id}&token=${token}`, api, queryClient);
    const stop = router.subscribe((next) => visited.push(next.location.pathname));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/order-success'));
    stop();
    expect(visited).not.toContain('/payment/order-error');
  });

  it('wait on a payment still being confirmed, then go to the tickets', async () => {
    const order = paidOrder();
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(order.id), refused(order));
    const { api } = server({ ...refused(order), status: 'pending', failureReason: null }, order);

    const { router } = open(`/payment-success?orderId=${order.id}&token=${token}`, api, queryClient);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/order-success'), { timeout: 4000 });
  });

  it('say the order could not be checked, rather than go by the copy from before, when the server cannot be reached', async () => {
    const order = paidOrder();
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(order.id), refused(order));
    const api: ApiCaller = () => Promise.reject(new ApiCallError(0, 'Network Error'));

    const { container, router } = open(`/payment-success?orderId=${order.id}&token=${token}`, api, queryClient);
    await vi.waitFor(() => expect(container.textContent).toContain('We couldn’t find this order'));
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(container.textContent).toContain('If you paid, your tickets are also sent by email.');
  });

  it('still explain a refusal the server reports now', async () => {
    const order = refused(paidOrder());
    const { api } = server(order);

    const { container, router } = open(`/payment-success?orderId=${order.id}&token=${token}`, api, createQueryClient());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/order-error'));
    expect(router.state.location.search).toContain('reason=declined');
    await vi.waitFor(() => expect(container.textContent).toContain('Your card was declined'));
    expect(container.textContent).toContain('Try again');
  });

  it('leave the error page for the tickets when the order it kept as failed has been paid since', async () => {
    const order = paidOrder();
    const queryClient = createQueryClient();
    queryClient.setQueryData(orderKeys.detail(order.id), refused(order));
    const { api, calls } = server(order);

    const { router } = open(`/payment/order-error?orderId=${order.id}&token=${token}&reason=declined`, api, queryClient);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/payment/order-success'));
    expect(calls.length).toBeGreaterThan(0);
  });
});
