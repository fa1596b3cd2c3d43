import { describe, expect, it } from 'vitest';
import { judgeNavigation } from '#lib/external-navigation.ts';
import { orderPagePath, paymentDestination } from './payment-destination.ts';

describe('paymentDestination', () => {
  it('follows paths on this site as routes', () => {
    expect(paymentDestination('/pay/sandbox/abc123')).toEqual({ kind: 'route', to: '/pay/sandbox/abc123' });
    expect(paymentDestination('/payment-success?orderId=1&token=t')).toEqual({
      kind: 'route',
      to: '/payment-success?orderId=1&token=t',
    });
  });

  it('hands https pages of a provider to the browser', () => {
    expect(paymentDestination('https://checkout.stripe.com/c/pay/cs_test_1')).toEqual({
      kind: 'external',
      href: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
  });

  it('refuses other schemes and protocol-relative addresses', () => {
    expect(paymentDestination('javascript:alert(1)')).toEqual({ kind: 'refused' });
    expect(paymentDestination('http://pay.example.com')).toEqual({ kind: 'refused' });
    expect(paymentDestination('//evil.example.com/pay')).toEqual({ kind: 'refused' });
    expect(paymentDestination('/\\evil.example.com')).toEqual({ kind: 'refused' });
    expect(paymentDestination('not a url')).toEqual({ kind: 'refused' });
  });

  it('refuses a provider page the guard for leaving Admit refuses', () => {
    const verdict = (href: string) => judgeNavigation(href, 'https://admit.example', ['https://checkout.stripe.com']);
    expect(paymentDestination('https://checkout.stripe.com/c/pay/cs_test_1', verdict).kind).toBe('external');
    expect(paymentDestination('https://pay.evil.example/c/1', verdict)).toEqual({ kind: 'refused' });
    expect(paymentDestination('/pay/sandbox/abc123', verdict).kind).toBe('route');
  });
});

describe('orderPagePath', () => {
  it('carries the order and its guest token', () => {
    expect(orderPagePath('success', 'o1', 'tok')).toBe('/payment/order-success?orderId=o1&token=tok');
    expect(orderPagePath('error', 'o1', null, { reason: 'declined' })).toBe('/payment/order-error?orderId=o1&reason=declined');
  });
});
