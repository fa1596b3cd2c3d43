// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentPage, AdminRefundPage } from '#contract/admin-sales.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { ApiCallerProvider } from '#lib/api-caller.tsx';
import { BootStateProvider } from '#lib/public-config.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { testBootState } from '#lib/screen.test-helper.tsx';
import { Component } from './admin-payments.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const state = testBootState;

const refund = (reference: string, test: boolean): AdminRefundPage['items'][number] => ({
  id: crypto.randomUUID(),
  orderId: crypto.randomUUID(),
  reference,
  amount: 1587,
  feeAmount: 87,
  currency: 'GBP',
  reason: 'Asked to.',
  provider: test ? 'sandbox' : 'stripe',
  status: 'succeeded',
  attempts: 0,
  lastError: null,
  test,
  createdAt: '2026-05-01T10:00:00.000Z',
  completedAt: '2026-05-01T10:00:01.000Z',
});
const payment = (reference: string, test: boolean): AdminPaymentPage['items'][number] => ({
  id: crypto.randomUUID(),
  orderId: crypto.randomUUID(),
  reference,
  buyerEmail: 'grace@example.test',
  provider: test ? 'sandbox' : 'stripe',
  paymentRef: null,
  amount: 1587,
  fee: 87,
  currency: 'GBP',
  status: 'succeeded',
  failureReason: null,
  test,
  createdAt: '2026-05-01T10:00:00.000Z',
});

const answers: Record<string, unknown> = {
  '/admin/access': { permissions: ['payments.read'] },
  '/admin/platform-fees': { since: '2026-04-01T00:00:00.000Z', items: [] },
  '/admin/refunds': { items: [refund('SBOX-0001', true), refund('CARD-0001', false)], next: null },
  '/admin/payments': {
    items: [
      payment('SBOX-0002', true),
      payment('CARD-0002', false),
      { ...payment('CARD-0003', false), status: 'open', failureReason: 'Your card was declined.' },
    ],
    next: null,
  },
};
const api = (async <T,>(config: { url?: string }) => {
  const url = config.url ?? '';
  if (!(url in answers)) throw new Error(`No answer for ${url}`);
  return answers[url] as T;
}) as ApiCaller;

// jsdom has no media queries: a desktop screen, where the filters panel starts open.
beforeAll(() => {
  window.matchMedia = ((query: string) => ({ matches: true, media: query }) as MediaQueryList) as typeof window.matchMedia;
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function open(path: string) {
  const router = createMemoryRouter([{ path: '/admin/payments', Component }], { initialEntries: [path] });
  const host = document.createElement('main');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <BootStateProvider value={state}>
        <QueryClientProvider client={createQueryClient()}>
          <ApiCallerProvider api={api}>
            <RouterProvider router={router} />
          </ApiCallerProvider>
        </QueryClientProvider>
      </BootStateProvider>,
    ),
  );
  return host;
}

const rowOf = (host: HTMLElement, reference: string) =>
  [...host.querySelectorAll('tr')].find((row) => row.textContent?.includes(reference));
/** Whether the row carries the TEST badge (the payments' provider column also says "Sandbox (TEST)" in words). */
const badged = (row: HTMLElement | undefined) =>
  [...(row?.querySelectorAll('span') ?? [])].some((span) => span.textContent === 'TEST');

describe('the admin payments page', () => {
  it('marks the refunds of TEST orders with the TEST badge, and no other refund', async () => {
    const host = open('/admin/payments?view=refunds');
    await vi.waitFor(() => expect(rowOf(host, 'SBOX-0001')).toBeDefined());
    expect(badged(rowOf(host, 'SBOX-0001'))).toBe(true);
    expect(badged(rowOf(host, 'CARD-0001'))).toBe(false);
  });

  it('marks the payments of TEST orders with the TEST badge too', async () => {
    const host = open('/admin/payments');
    await vi.waitFor(() => expect(rowOf(host, 'SBOX-0002')).toBeDefined());
    expect(badged(rowOf(host, 'SBOX-0002'))).toBe(true);
    expect(badged(rowOf(host, 'CARD-0002'))).toBe(false);
  });

  it('says a checkout left open after a declined card was declined, and why', async () => {
    const host = open('/admin/payments');
    await vi.waitFor(() => expect(rowOf(host, 'CARD-0003')).toBeDefined());
    const status = rowOf(host, 'CARD-0003')?.textContent ?? '';
    expect(status).toContain('declined');
    expect(status).not.toMatch(/\bopen\b/);
    expect(status).toContain('Your card was declined. The buyer may still try another card.');
  });
});
