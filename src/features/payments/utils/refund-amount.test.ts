import { describe, expect, it } from 'vitest';
import type { OrganizerOrder } from '../../../contract/orders.ts';
import { refundAmount, refundableTickets } from './refund-amount.ts';

const ticket = (id: string, ticketTypeId: string, status: 'valid' | 'voided' = 'valid') => ({
  id,
  ticketTypeId,
  typeName: ticketTypeId,
  holderName: 'A',
  status,
  code: null,
  checkedInAt: null,
});

const order: Pick<OrganizerOrder, 'tickets' | 'items' | 'total' | 'refunded'> = {
  items: [
    { ticketTypeId: 'std', name: 'Standard', quantity: 2, unitPrice: 1800, unitFee: 94 },
    { ticketTypeId: 'vip', name: 'VIP', quantity: 1, unitPrice: 6000, unitFee: 199 },
  ],
  tickets: [ticket('t1', 'std'), ticket('t2', 'std', 'voided'), ticket('t3', 'vip')],
  total: 2 * 1894 + 6199,
  refunded: 1894,
};

describe('refund amounts', () => {
  it('are each chosen ticket’s price and fee', () => {
    expect(refundAmount(order, ['t1'])).toBe(1894);
    expect(refundAmount(order, ['t1', 't3'])).toBe(1894 + 6199);
  });

  it('leave out tickets already voided', () => {
    expect(refundAmount(order, ['t2'])).toBe(0);
    expect(refundableTickets(order).map((item) => item.id)).toEqual(['t1', 't3']);
  });

  it('never exceed what is left of the total', () => {
    expect(refundAmount({ ...order, refunded: order.total - 100 }, ['t1', 't3'])).toBe(100);
  });
});
