import { describe, expect, it } from 'vitest';
import { sandboxPaymentSchema } from '#contract/orders.ts';
import { formatCardNumber, formatCvc, formatExpiry, futureExpiry, testCards } from './card-input.ts';

describe('card input', () => {
  it('groups a card number in fours as it is typed or pasted', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 4242')).toBe('4242 4242 4242 4242 424');
  });

  it('puts the slash in an expiry with the third digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12 / 345')).toBe('12/34');
  });

  it('keeps only digits in a CVC', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('fills test cards the contract accepts', () => {
    for (const card of testCards) {
      const parsed = sandboxPaymentSchema.safeParse({
        cardNumber: card.number,
        expiry: futureExpiry(new Date('2026-11-22T00:00:00Z')),
        cvc: '123',
        name: 'Test Buyer',
      });
      expect(parsed.success).toBe(true);
    }
    expect(futureExpiry(new Date('2026-11-22T00:00:00Z'))).toBe('11/27');
  });
});
