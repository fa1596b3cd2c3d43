import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingFeePerTicket, feeRuleFor, orderAmounts } from './booking-fee.ts';

const rule = { percentBasisPoints: 250, fixed: 49, capPerTicket: 500, minPerTicket: null };

describe('booking fee', () => {
  it('charges a percentage plus a fixed amount per paid ticket', () => {
    expect(bookingFeePerTicket(rule, 2000)).toBe(50 + 49);
  });

  it('charges nothing on free tickets', () => {
    expect(bookingFeePerTicket(rule, 0)).toBe(0);
    expect(orderAmounts(rule, [{ unitPrice: 0, quantity: 4 }])).toEqual({ subtotal: 0, bookingFee: 0, total: 0 });
  });

  it('never charges more than the cap per ticket', () => {
    expect(bookingFeePerTicket(rule, 1_000_000)).toBe(500);
    expect(bookingFeePerTicket({ ...rule, capPerTicket: null }, 1_000_000)).toBe(25_049);
  });

  it('raises a small fee to the minimum, and the cap still holds it', () => {
    const withMinimum = { ...rule, minPerTicket: 120 };
    expect(bookingFeePerTicket(withMinimum, 1000)).toBe(120);
    expect(bookingFeePerTicket(withMinimum, 4000)).toBe(149);
    expect(bookingFeePerTicket(withMinimum, 0)).toBe(0);
    expect(bookingFeePerTicket({ ...withMinimum, minPerTicket: 800 }, 1000)).toBe(500);
  });

  it('is priced by the currency’s own rule, else by the rule for every currency, else by none', () => {
    const every = { id: 'every', currency: null, organizationId: null };
    const euro = { id: 'euro', currency: 'EUR', organizationId: null };
    expect(feeRuleFor([every, euro], 'EUR', null)).toBe(euro);
    expect(feeRuleFor([euro, every], 'GBP', null)).toBe(every);
    expect(feeRuleFor([euro], 'GBP', null)).toBeNull();
    expect(feeRuleFor([], 'EUR', null)).toBeNull();
  });

  it('prices an organiser’s orders by its fee plan first, currency before every currency, then by the platform’s', () => {
    const every = { id: 'every', currency: null, organizationId: null };
    const euro = { id: 'euro', currency: 'EUR', organizationId: null };
    const plan = { id: 'plan', currency: null, organizationId: 'org-a' };
    const planEuro = { id: 'plan-euro', currency: 'EUR', organizationId: 'org-a' };
    const rules = [every, euro, plan, planEuro];
    expect(feeRuleFor(rules, 'EUR', 'org-a')).toBe(planEuro);
    expect(feeRuleFor(rules, 'GBP', 'org-a')).toBe(plan);
    expect(feeRuleFor([every, euro, planEuro], 'GBP', 'org-a')).toBe(every);
    expect(feeRuleFor(rules, 'EUR', 'org-b')).toBe(euro);
    expect(feeRuleFor(rules, 'GBP', null)).toBe(every);
    expect(feeRuleFor([plan], 'GBP', 'org-b')).toBeNull();
  });

  it('adds up to whole minor units: total = subtotal + fee, and the fee grows with the ticket count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unitPrice: fc.integer({ min: 0, max: 100_000 }), quantity: fc.integer({ min: 1, max: 20 }) })),
        (lines) => {
          const amounts = orderAmounts(rule, lines);
          expect(Number.isInteger(amounts.bookingFee)).toBe(true);
          expect(amounts.total).toBe(amounts.subtotal + amounts.bookingFee);
          const paidTickets = lines.filter((line) => line.unitPrice > 0).reduce((sum, line) => sum + line.quantity, 0);
          expect(amounts.bookingFee).toBeLessThanOrEqual(paidTickets * 500);
        },
      ),
    );
  });
});
