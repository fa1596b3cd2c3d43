import { describe, expect, it } from 'vitest';
import {
  noRefundPolicySentence,
  type RefundPolicy,
  refundDeadline,
  refundPolicySchema,
  refundPolicySentence,
  zoneTimeName,
} from './refund-policy.ts';

/** Fri 12 Jun 2026, 19:00 in New York (EDT, UTC−4). */
const newYorkStart = '2026-06-12T23:00:00.000Z';
const until = (notice: number, unit: 'hours' | 'days', fee: unknown = null): RefundPolicy =>
  refundPolicySchema.parse({ kind: 'until_before_start', notice, unit, fee });

describe('the refund policy sentence', () => {
  it('says plainly that an event without a policy has none, and to ask the organiser', () => {
    expect(refundPolicySentence(null, newYorkStart, 'America/New_York')).toBe(noRefundPolicySentence);
    expect(noRefundPolicySentence).toMatch(/has not set a refund policy.*ask them/);
  });

  it('says no refunds, save for a cancelled event', () => {
    expect(refundPolicySentence({ kind: 'none' }, newYorkStart, 'America/New_York')).toBe(
      'No refunds: the organiser does not refund tickets for this event, unless it is cancelled.',
    );
  });

  it('quotes the organiser’s own text', () => {
    expect(refundPolicySentence({ kind: 'custom', text: 'Swap your ticket with a friend.' }, newYorkStart, 'Europe/London')).toBe(
      'The organiser’s refund policy: Swap your ticket with a friend.',
    );
  });

  it('prints the deadline on the event’s clock, with a percentage fee', () => {
    const policy = until(48, 'hours', { kind: 'percent', percent: 5 });
    expect(refundPolicySentence(policy, newYorkStart, 'America/New_York')).toBe(
      'Refunds until Wed 10 Jun, 19:00 (New York time), 48 hours before the start, minus a 5% fee.',
    );
  });

  it('prints a fixed fee in the tickets’ currency, and no fee at all when there is none', () => {
    expect(
      refundPolicySentence(until(1, 'days', { kind: 'fixed', amount: 250, currency: 'USD' }), newYorkStart, 'America/New_York'),
    ).toBe('Refunds until Thu 11 Jun, 19:00 (New York time), 1 day before the start, minus a US$2.50 fee per ticket.');
    expect(refundPolicySentence(until(1, 'hours'), newYorkStart, 'America/New_York')).toBe(
      'Refunds until Fri 12 Jun, 18:00 (New York time), 1 hour before the start.',
    );
  });

  it('reads the same for a buyer in London: the sentence never depends on the reader’s zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      const sentence = refundPolicySentence(until(48, 'hours'), newYorkStart, 'America/New_York');
      expect(sentence).toContain('Wed 10 Jun, 19:00 (New York time)');
      expect(sentence).not.toContain('00:00');
    } finally {
      process.env.TZ = before;
    }
  });

  describe('across the change to summer time (New York, Sun 8 Mar 2026)', () => {
    /** Tue 10 Mar 2026, 19:00 EDT. */
    const start = '2026-03-10T23:00:00.000Z';

    it('counts hours as time elapsed: 72 hours before is 18:00 on the winter clock', () => {
      expect(refundDeadline(until(72, 'hours'), start, 'America/New_York')?.toISOString()).toBe('2026-03-07T23:00:00.000Z');
      expect(refundPolicySentence(until(72, 'hours'), start, 'America/New_York')).toBe(
        'Refunds until Sat 7 Mar, 18:00 (New York time), 72 hours before the start.',
      );
    });

    it('counts days on the event’s calendar: 3 days before is 19:00 on the winter clock', () => {
      expect(refundDeadline(until(3, 'days'), start, 'America/New_York')?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
      expect(refundPolicySentence(until(3, 'days'), start, 'America/New_York')).toBe(
        'Refunds until Sat 7 Mar, 19:00 (New York time), 3 days before the start.',
      );
    });
  });

  it('names zones by their city', () => {
    expect(zoneTimeName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneTimeName('UTC')).toBe('UTC');
  });
});

describe('the refund policy schema', () => {
  const problem = (input: unknown) => refundPolicySchema.safeParse(input).error?.issues[0];

  it('refuses negative or too long notice, a fee over the bound and custom text empty or too long', () => {
    expect(problem({ kind: 'until_before_start', notice: -1, unit: 'hours' })?.path).toEqual(['notice']);
    expect(problem({ kind: 'until_before_start', notice: 721, unit: 'hours' })?.path).toEqual(['notice']);
    expect(
      problem({ kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 120 } })?.path,
    ).toEqual(['fee', 'percent']);
    expect(problem({ kind: 'custom', text: '   ' })?.path).toEqual(['text']);
    expect(problem({ kind: 'custom', text: 'x'.repeat(1001) })?.path).toEqual(['text']);
    expect(problem({ kind: 'custom', text: 'Ring us\u0007' })?.path).toEqual(['text']);
  });

  it('keeps line breaks and trims custom text', () => {
    expect(refundPolicySchema.parse({ kind: 'custom', text: '  Line one.\nLine two.  ' })).toEqual({
      kind: 'custom',
      text: 'Line one.\nLine two.',
    });
  });
});
