import { describe, expect, it } from 'vitest';
import type { OrganizerOrder } from '#contract/orders.ts';
import { refundAmount, refundableTickets } from './refund-amount.ts';

const ticket = (id: string, ticketTypeId: string, status: 'valid' | 'voided' = 'valid') => ({
  id,
  ticketTypeId,
  typeName: ticketTypeId,
  holderName: 'A',
  holderEmail: null,
  status,
  code: null,
  shortCode: null,
  checkedInAt: null,
  refundedAt: null,
});

// t2 was refunded; t4 was voided by an administrator, its money not given back yet.
const order: Pick<OrganizerOrder, 'tickets' | 'items' | 'total' | 'refunded' | 'refundableTicketIds'> = {
  items: [
    { ticketTypeId: 'std', name: 'Standard', quantity: 3, unitPrice: 1800, unitFee: 94 },
    { ticketTypeId: 'vip', name: 'VIP', quantity: 1, unitPrice: 6000, unitFee: 199 },
  ],
  tickets: [ticket('t1', 'std'), ticket('t2', 'std', 'voided'), ticket('t3', 'vip'), ticket('t4', 'std', 'voided')],
  total: 3 * 1894 + 6199,
  refunded: 1894,
  refundableTicketIds: ['t1', 't3', 't4'],
};

describe('refund amounts', () => {
  it('are each chosen ticket’s price and fee', () => {
    expect(refundAmount(order, ['t1'])).toBe(1894);
    expect(refundAmount(order, ['t1', 't3'])).toBe(1894 + 6199);
  });

  it('leave out tickets already refunded', () => {
    expect(refundAmount(order, ['t2'])).toBe(0);
    expect(refundableTickets(order).map((item) => item.id)).not.toContain('t2');
  });

  it('cover a ticket voided without a refund: its money has not gone back', () => {
    expect(refundableTickets(order).map((item) => item.id)).toEqual(['t1', 't3', 't4']);
    expect(refundAmount(order, ['t4'])).toBe(1894);
  });

  it('never exceed what is left of the total', () => {
    expect(refundAmount({ ...order, refunded: order.total - 100 }, ['t1', 't3'])).toBe(100);
  });
});
