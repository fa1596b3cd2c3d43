import { describe, expect, it } from 'vitest';
import { type TicketChangesInput, ticketChanges } from './ticket-transfers.ts';
import { describeHolderChange, transferSentence } from './ticket-transfers-text.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// 8 pm in New York on the day summer time begins there (14 March 2027): 24 hours before is 7 pm the evening before.
const startsAt = '2027-03-15T00:00:00Z';
const valid = (n: number, extra: Partial<TicketChangesInput['tickets'][number]> = {}) => ({
  id: id(n),
  status: 'valid' as const,
  checkedIn: false,
  refunded: false,
  version: 0,
  ...extra,
});
const input = (overrides: Partial<TicketChangesInput> = {}): TicketChangesInput => ({
  orderStatus: 'paid',
  event: { status: 'published', startsAt, timezone: 'America/New_York', transferCutoffHours: 24 },
  tickets: [valid(1), valid(2)],
  now: new Date('2027-03-13T12:00:00Z'),
  ...overrides,
});

describe('which tickets may change holder', () => {
  it('opens valid tickets until the cutoff, in hours that pass, and says it on the event’s clock across a change of clocks', () => {
    expect(ticketChanges(input())).toEqual({ ticketIds: [id(1), id(2)], until: '2027-03-14T00:00:00.000Z', note: null });
    expect(transferSentence({ startsAt, timezone: 'America/New_York', transferCutoffHours: 24 })).toBe(
      'You can pass a ticket on to someone else, or correct a name, from your booking until Sat 13 Mar, 19:00 (New York time).',
    );
    // One minute late, from any buyer's clock.
    const late = ticketChanges(input({ now: new Date('2027-03-14T00:01:00Z') }));
    expect(late).toEqual({
      ticketIds: [],
      until: null,
      note: 'Tickets could change holder until Sat 13 Mar, 19:00 (New York time).',
    });
  });

  it('leaves out checked-in, voided and refunded tickets, and one changed five times', () => {
    const tickets = [
      valid(1, { checkedIn: true }),
      { ...valid(2), status: 'voided' as const },
      valid(3, { refunded: true }),
      valid(4, { version: 5 }),
      valid(5, { version: 4 }),
    ];
    expect(ticketChanges(input({ tickets }))).toMatchObject({ ticketIds: [id(5)], note: expect.stringContaining('five times') });
  });

  it('offers nothing where the organiser does not allow it, on a cancelled event or an unpaid order', () => {
    const off = input({ event: { ...input().event, transferCutoffHours: null } });
    expect(ticketChanges(off)).toMatchObject({ ticketIds: [], note: expect.stringContaining('does not let') });
    expect(transferSentence(off.event)).toMatch(/^Tickets cannot be passed on/);
    expect(ticketChanges(input({ event: { ...input().event, status: 'cancelled' } })).ticketIds).toEqual([]);
    expect(ticketChanges(input({ orderStatus: 'pending' }))).toEqual({ ticketIds: [], until: null, note: null });
  });

  it('describes each change in words', () => {
    const change = { fromName: 'Rosa Guest', toName: 'Ada Byron' };
    expect(describeHolderChange({ ...change, kind: 'transfer', toEmail: 'ada@example.com' })).toBe(
      'Passed on from Rosa Guest to Ada Byron (ada@example.com)',
    );
    expect(describeHolderChange({ ...change, kind: 'rename', toEmail: null })).toBe(
      'Name corrected from Rosa Guest to Ada Byron',
    );
  });
});
