import { describe, expect, it } from 'vitest';
import { cancellationFee, type SelfServiceInput, type SelfServiceTicket, selfService } from './cancellations.ts';
import type { RefundPolicy } from './refund-policy-text.ts';

/** Sun 8 Mar 2026, 19:00 in New York: the night the clocks went forward (EST → EDT), 23:00 UTC. */
const newYorkStart = '2026-03-08T23:00:00.000Z';
const newYorkEnd = '2026-03-09T03:00:00.000Z';
const twoDays: RefundPolicy = { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 10 } };

const ticket = (id: string, overrides: Partial<SelfServiceTicket> = {}): SelfServiceTicket => ({
  id,
  status: 'valid',
  checkedIn: false,
  refunded: false,
  unitPrice: 2000,
  unitFee: 100,
  ...overrides,
});

const input = (overrides: Partial<SelfServiceInput> = {}): SelfServiceInput => ({
  orderStatus: 'paid',
  policy: twoDays,
  event: {
    status: 'published',
    startsAt: newYorkStart,
    endsAt: newYorkEnd,
    timezone: 'America/New_York',
    buyerCancellation: true,
  },
  tickets: [ticket('a'), ticket('b')],
  request: null,
  now: new Date('2026-03-01T12:00:00Z'),
  ...overrides,
});

describe('the fee a cancellation keeps', () => {
  it('is a rounded percentage of the price, or a fixed amount, never more than the price', () => {
    expect(cancellationFee({ kind: 'percent', percent: 10 }, 1555)).toBe(156);
    expect(cancellationFee({ kind: 'fixed', amount: 250, currency: 'GBP' }, 1500)).toBe(250);
    expect(cancellationFee({ kind: 'fixed', amount: 250, currency: 'GBP' }, 100)).toBe(100);
    expect(cancellationFee(null, 1500)).toBe(0);
    expect(cancellationFee({ kind: 'percent', percent: 50 }, 0)).toBe(0);
  });
});

describe('what a buyer may do with their order', () => {
  it('offers every ticket with its price and booking fee back, less the fee, until the deadline on the event’s clock', () => {
    const state = selfService(input());
    expect(state.cancellable).toEqual([
      { ticketId: 'a', refund: 2100 - 200, fee: 200 },
      { ticketId: 'b', refund: 2100 - 200, fee: 200 },
    ]);
    // Two calendar days before 19:00 New York time on the day summer time began: 19:00 EST on Friday 6 March.
    expect(state.cancelUntil).toBe('2026-03-07T00:00:00.000Z');
    expect(state).toMatchObject({ note: null, canAsk: false });
  });

  it('judges the deadline as an instant, wherever the buyer is: a London buyer one minute late is late', () => {
    const late = selfService(input({ now: new Date('2026-03-07T00:01:00Z') }));
    expect(late.cancellable).toEqual([]);
    expect(late.note).toBe(
      'Cancelling closed on Fri 6 Mar, 19:00 (New York time). You can still ask the organiser for a refund.',
    );
    expect(late.canAsk).toBe(true);
    expect(selfService(input({ now: new Date('2026-03-06T23:59:00Z') })).cancellable).toHaveLength(2);
  });

  it('leaves out checked-in, voided and refunded tickets, and asks for none of them twice', () => {
    const state = selfService(
      input({
        tickets: [
          ticket('in', { checkedIn: true }),
          ticket('void', { status: 'voided' }),
          ticket('gone', { status: 'voided', refunded: true }),
          ticket('ok'),
        ],
      }),
    );
    expect(state.cancellable.map((quote) => quote.ticketId)).toEqual(['ok']);
    // The checked-in and the voided ones can still be asked for: their money has not gone back.
    expect(state.canAsk).toBe(true);
  });

  it('offers free tickets until the start whatever the policy, unless the organiser handles cancellations', () => {
    const free = [ticket('f', { unitPrice: 0, unitFee: 0 })];
    const none = selfService(input({ policy: { kind: 'none' }, tickets: free }));
    expect(none).toMatchObject({ cancellable: [{ ticketId: 'f', refund: 0, fee: 0 }], cancelUntil: newYorkStart, canAsk: false });
    const off = selfService(input({ tickets: free, event: { ...input().event, buyerCancellation: false } }));
    expect(off).toMatchObject({ cancellable: [], canAsk: false });
    expect(off.note).toMatch(/handles cancellations/);
  });

  it('says why for no refunds, the organiser’s own policy, none set, a cancelled event, a started one and an unpaid order', () => {
    expect(selfService(input({ policy: { kind: 'none' } })).note).toMatch(/no refunds/);
    expect(selfService(input({ policy: { kind: 'custom', text: 'Ask.' } })).note).toMatch(/their own policy/);
    expect(selfService(input({ policy: null })).note).toMatch(/has not set a refund policy/);
    const cancelled = selfService(input({ event: { ...input().event, status: 'cancelled' } }));
    expect(cancelled).toMatchObject({ cancellable: [], canAsk: false });
    expect(cancelled.note).toMatch(/refunded in full automatically/);
    const started = selfService(input({ now: new Date('2026-03-08T23:30:00Z') }));
    expect(started).toMatchObject({ cancellable: [], canAsk: true });
    expect(started.note).toMatch(/has started/);
    expect(selfService(input({ orderStatus: 'pending' }))).toEqual({
      cancellable: [],
      cancelUntil: null,
      note: null,
      canAsk: false,
    });
  });

  it('lets a buyer ask until 30 days after the event, one open request at a time', () => {
    const daysAfterEnd = (days: number) => new Date(new Date(newYorkEnd).getTime() + days * 86_400_000);
    expect(selfService(input({ now: daysAfterEnd(29) })).canAsk).toBe(true);
    expect(selfService(input({ now: daysAfterEnd(30) })).canAsk).toBe(false);
    const request = {
      id: '00000000-0000-4000-8000-000000000001',
      status: 'open' as const,
      ticketIds: ['a'],
      reason: 'Ill.',
      decisionNote: null,
      refundedAmount: null,
      createdAt: newYorkStart,
      decidedAt: null,
    };
    expect(selfService(input({ now: daysAfterEnd(1), request })).canAsk).toBe(false);
    expect(selfService(input({ now: daysAfterEnd(1), request: { ...request, status: 'declined' } })).canAsk).toBe(true);
  });
});
