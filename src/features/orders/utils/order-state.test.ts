import { describe, expect, it } from 'vitest';
import { statusLabelOf } from '#components/order-status.ts';
import { explainFailure, failureReasonParam, landingStep, resolveOrder } from './order-state.ts';

describe('resolving an order on the return landing', () => {
  it('sends paid orders to the tickets, keeps waiting on pending ones, and explains the rest', () => {
    expect(resolveOrder('paid')).toBe('paid');
    expect(resolveOrder('partially_refunded')).toBe('paid');
    expect(resolveOrder('pending')).toBe('pending');
    for (const status of ['failed', 'expired', 'cancelled', 'refunded'] as const) expect(resolveOrder(status)).toBe('failed');
  });

  it('acts on an order read since the landing opened, never on a copy kept from before the payment', () => {
    const order = (status: Parameters<typeof resolveOrder>[0], awaitingEmailCode = false) => ({ status, awaitingEmailCode });
    // The error page of an earlier, refused card left `failed` in the cache: the payment just made may have succeeded.
    expect(landingStep(order('failed'), false)).toBe('wait');
    expect(landingStep(order('paid'), false)).toBe('wait');
    expect(landingStep(undefined, true)).toBe('wait');
    expect(landingStep(order('paid'), true)).toBe('tickets');
    expect(landingStep(order('partially_refunded'), true)).toBe('tickets');
    expect(landingStep(order('pending', true), true)).toBe('tickets');
    expect(landingStep(order('pending'), true)).toBe('wait');
    for (const status of ['failed', 'expired', 'cancelled', 'refunded'] as const)
      expect(landingStep(order(status), true)).toBe('explain');
  });

  it('names the reason by the order’s state, else by the address', () => {
    expect(failureReasonParam('expired', 'declined')).toBe('expired');
    expect(failureReasonParam('failed', 'insufficient_funds')).toBe('insufficient_funds');
    expect(failureReasonParam('failed', null)).toBe('declined');
    expect(failureReasonParam('pending', 'cancelled')).toBe('abandoned');
    expect(failureReasonParam('cancelled', 'cancelled')).toBe('cancelled');
  });

  it('explains a reason in words, preferring what the order says', () => {
    expect(explainFailure('declined', null).title).toBe('Your card was declined');
    expect(explainFailure('insufficient_funds', 'Not enough money on the card.').detail).toBe('Not enough money on the card.');
    expect(explainFailure('<script>', null).title).toBe('Your payment did not go through');
  });

  it('never says the title twice: a reason that repeats it gives way to the explanation', () => {
    expect(explainFailure('declined', 'Your card was declined.')).toMatchObject({
      title: 'Your card was declined',
      detail: 'Your bank refused the payment. Nothing was charged.',
    });
  });
});

describe('an order’s status as its buyer reads it', () => {
  it('says free tickets held for the emailed code wait for the code, not for a payment', () => {
    expect(statusLabelOf({ status: 'pending', awaitingEmailCode: true })).toBe('Awaiting email code');
    expect(statusLabelOf({ status: 'pending', awaitingEmailCode: false })).toBe('Awaiting payment');
    expect(statusLabelOf({ status: 'paid', awaitingEmailCode: false })).toBe('Paid');
  });
});
