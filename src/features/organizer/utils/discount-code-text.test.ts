import { describe, expect, it } from 'vitest';
import { codeStatus, codesCsv, describeCode, usesText } from './discount-code-text.ts';

const types = [
  { id: 'standard', name: 'Standard' },
  { id: 'student', name: 'Student' },
  { id: 'vip', name: 'Backstage' },
];
const code = {
  kind: 'percent' as const,
  value: 10,
  perOrder: false,
  ticketTypeIds: [] as string[],
  unlocksTicketTypeIds: [] as string[],
  minQuantity: null as number | null,
};

describe('what a code does, in words', () => {
  it.each([
    [{}, '10% off tickets'],
    [{ ticketTypeIds: ['standard', 'student'] }, '10% off Standard and Student tickets'],
    [{ kind: 'amount', value: 500 }, '£5.00 off each of the tickets'],
    [{ kind: 'amount', value: 500, perOrder: true }, '£5.00 off the order'],
    [{ kind: 'price', value: 1200, ticketTypeIds: ['standard'] }, 'Standard tickets at £12.00 each'],
    [{ minQuantity: 4 }, '10% off tickets with 4 or more in the order'],
    [{ unlocksTicketTypeIds: ['vip'] }, '10% off tickets and shows Backstage tickets'],
    [{ kind: null, value: null, unlocksTicketTypeIds: ['vip'] }, 'Shows Backstage tickets'],
  ] as const)('%o reads “%s”', (change, words) => {
    expect(describeCode({ ...code, ...change }, types, 'GBP')).toBe(words);
  });
});

describe('a code’s status', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const base = { archived: false, startsAt: null, endsAt: null, maxUses: null, uses: 3 };
  it.each([
    [{}, 'active'],
    [{ archived: true, endsAt: '2026-01-01T00:00:00Z' }, 'archived'],
    [{ endsAt: '2026-06-01T12:00:00Z' }, 'expired'],
    [{ startsAt: '2026-06-02T00:00:00Z' }, 'scheduled'],
    [{ maxUses: 3 }, 'used-up'],
    [{ maxUses: 4 }, 'active'],
  ] as const)('%o is %s', (change, status) => {
    expect(codeStatus({ ...base, ...change }, now)).toBe(status);
  });

  it('counts uses against the limit, when there is one', () => {
    expect(usesText({ uses: 3, maxUses: 100 })).toBe('3 of 100');
    expect(usesText({ uses: 3, maxUses: null })).toBe('3');
  });
});

it('writes made-up codes as a CSV file whose header line an import skips', () => {
  expect(codesCsv(['PARTNER-7KQ2', 'PARTNER-M3XD'])).toBe('code\r\nPARTNER-7KQ2\r\nPARTNER-M3XD\r\n');
});
