// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '#contract/admin-sales.ts';
import { type ApiCaller, ApiCallerProvider } from '#lib/api-caller.tsx';
import { createQueryClient } from '#lib/query-client.ts';
import { AdminOrderDetail } from './admin-order-detail.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> but not its modal behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const ids = {
  voided: '11111111-1111-4111-8111-111111111111',
  valid: '22222222-2222-4222-8222-222222222222',
  refunded: '33333333-3333-4333-8333-333333333333',
};
const ticket = (id: string, holderName: string, status: 'valid' | 'voided') => ({
  id,
  ticketTypeId: '44444444-4444-4444-8444-444444444444',
  typeName: 'Standard',
  holderName,
  status,
  code: status === 'valid' ? 'AD1-code' : null,
  checkedInAt: null,
  refundedAt: id === ids.refunded ? '2026-05-02T10:00:00.000Z' : null,
});

/** Three £15.00 tickets (87p fee each): one refunded, one voided by an administrator (money kept), one valid. */
const order = {
  id: '55555555-5555-4555-8555-555555555555',
  reference: 'K7P3-9QXM',
  status: 'partially_refunded',
  event: { title: 'Harbour Lights' },
  buyer: { name: 'Grace Hopper', email: 'grace@example.test' },
  items: [{ ticketTypeId: '44444444-4444-4444-8444-444444444444', name: 'Standard', quantity: 3, unitPrice: 1500, unitFee: 87 }],
  currency: 'GBP',
  subtotal: 4500,
  bookingFee: 261,
  total: 4761,
  refunded: 1587,
  test: false,
  createdAt: '2026-05-01T10:00:00.000Z',
  tickets: [
    ticket(ids.refunded, 'Rae Refunded', 'voided'),
    ticket(ids.voided, 'Val Voided', 'voided'),
    ticket(ids.valid, 'Vic Valid', 'valid'),
  ],
  refundableTicketIds: [ids.voided, ids.valid],
  history: [],
  organisationName: 'Dockside Promotions',
  mails: [],
  audit: [],
} as unknown as AdminOrder;

function show(shown: AdminOrder, api: ApiCaller = vi.fn(), { mailKept = false } = {}) {
  const host = document.createElement('main');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>
          <ApiCallerProvider api={api}>
            <AdminOrderDetail order={shown} canRefund canOpenTickets mailKept={mailKept} />
          </ApiCallerProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    ),
  );
  return host;
}

const button = (name: string | RegExp) =>
  [...document.querySelectorAll('button')].find((one) =>
    typeof name === 'string' ? one.textContent === name : name.test(one.textContent ?? ''),
  );

describe('the refund dialog of an order', () => {
  it('lists a ticket voided without a refund, marked voided, beside the valid one, and refunds both together', async () => {
    const api = vi.fn(async () => order) as unknown as ApiCaller;
    show(order, api);
    act(() => button('Refund…')?.click());
    const choices = [...document.querySelectorAll('dialog label')].filter((label) => label.querySelector('input[type=checkbox]'));
    expect(choices.map((label) => label.textContent)).toEqual([
      'Standard — Val Voided (voided, not refunded)',
      'Standard — Vic Valid',
    ]);
    expect(button(/^Refund £/)?.textContent).toBe('Refund £31.74');

    const reason = document.querySelector<HTMLTextAreaElement>('dialog textarea[name="reason"]');
    if (!reason) throw new Error('no reason field');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(reason, 'Stolen ticket.');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => button(/^Refund £/)?.click());
    // Every refundable ticket chosen: the whole order, which the server reckons the same way.
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        url: `/admin/orders/${order.id}/refunds`,
        data: { reason: 'Stolen ticket.', messageToBuyer: '' },
      }),
    );
  });

  it('is offered when every ticket is voided but one still holds its money; resending is not', () => {
    show({
      ...order,
      tickets: order.tickets.map((one) => ({ ...one, status: 'voided' as const, code: null })),
      refundableTicketIds: [ids.voided],
    });
    expect(button('Resend tickets')).toBeUndefined();
    act(() => button('Refund…')?.click());
    expect(button(/^Refund £/)?.textContent).toBe('Refund £15.87');
  });
});

describe('the mails of an order', () => {
  const mail = { at: '2026-05-01T10:00:00.000Z', subject: 'Your tickets', to: 'ava@example.test', sentAt: null, lastError: null };

  it('are waiting while an instance that sends mail has not sent them', () => {
    const host = show({ ...order, mails: [mail] } as unknown as AdminOrder);
    expect(host.textContent).toContain('Waiting');
  });

  it('are in the development mailbox on an instance that sends none, not waiting for ever', () => {
    const host = show({ ...order, mails: [mail] } as unknown as AdminOrder, vi.fn(), { mailKept: true });
    expect(host.textContent).toContain('In the development mailbox');
    expect(host.textContent).not.toContain('Waiting');
  });
});

describe('the tickets of an order', () => {
  it('say which were refunded and which were only voided, keeping their money', () => {
    const host = show(order);
    // The status pill's words, not the holder's name beside it.
    const statusOf = (holder: string) =>
      [...([...host.querySelectorAll('tr')].find((row) => row.textContent?.includes(holder))?.querySelectorAll('span') ?? [])]
        .map((span) => span.textContent)
        .find((text) => text === 'Valid' || text === 'Refunded' || text === 'Voided');
    expect(statusOf('Rae Refunded')).toBe('Refunded');
    expect(statusOf('Val Voided')).toBe('Voided');
    expect(statusOf('Vic Valid')).toBe('Valid');
  });

  it('show a holder’s own email under their name, and nothing where the buyer gave none', () => {
    const host = show({
      ...order,
      tickets: order.tickets.map((one) => (one.id === ids.valid ? { ...one, holderEmail: 'vic@example.test' } : one)),
    });
    const rows = [...host.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
    expect(rows.find((row) => row.includes('Vic Valid'))).toContain('vic@example.test');
    expect(rows.filter((row) => row.includes('@'))).toHaveLength(1);
  });
});

describe('an order placed with a code', () => {
  it('names the code and what it took off; an order without one says nothing of codes', () => {
    const coded = show({ ...order, discountCode: 'SPRING-10', discount: 450 } as AdminOrder);
    expect(coded.textContent).toContain('Code SPRING-10: £4.50 off');
    root?.unmount();
    document.body.innerHTML = '';
    const plain = show({ ...order, discountCode: null, discount: 0 } as AdminOrder);
    expect(plain.textContent).not.toContain('Code ');
  });
});
