import { describe, expect, it } from 'vitest';
import { createEventSchema, eventListQuerySchema, ticketTypeInputSchema, updateEventSchema, venueSchema } from './events.ts';

const organizationId = '11111111-1111-4111-8111-111111111111';
const event = {
  organizationId,
  title: 'Harbour Lights',
  category: 'music',
  startsAt: '2027-03-10T19:30:00+00:00',
  endsAt: '2027-03-10T23:30:00+00:00',
  timezone: 'Europe/London',
  isOnline: false,
  venue: { name: 'The Boathouse', address: 'Pier 8', city: 'Salford' },
};
const ticket = { name: 'Standard', price: 1250, currency: 'GBP', capacity: 200 };

/** The message at each path of a failed parse. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a ticket type’s sales window', () => {
  it('may not open after the event has ended', () => {
    const result = createEventSchema.safeParse({
      ...event,
      ticketTypes: [ticket, { ...ticket, name: 'Late', salesStart: '2027-03-11T10:00:00+00:00' }],
    });
    expect(messages(result)).toEqual({ 'ticketTypes.1.salesStart': 'Sales must start before the event ends.' });
  });

  it('may not close after the event has ended, but may close as it ends', () => {
    const after = createEventSchema.safeParse({ ...event, ticketTypes: [{ ...ticket, salesEnd: '2027-03-11T00:30:00+00:00' }] });
    expect(messages(after)).toEqual({
      'ticketTypes.0.salesEnd': 'Sales must end by the time the event ends. Leave it blank to sell until then.',
    });
    // The same instant written in another offset.
    const atTheEnd = createEventSchema.safeParse({
      ...event,
      ticketTypes: [{ ...ticket, salesEnd: '2027-03-11T00:30:00+01:00' }],
      endsAt: '2027-03-10T23:30:00Z',
    });
    expect(atTheEnd.success).toBe(true);
  });

  it('compares instants, not the text of their offsets', () => {
    // 10:30+02:00 is 08:30Z: before 09:00Z, however the strings sort.
    const result = ticketTypeInputSchema.safeParse({
      ...ticket,
      salesStart: '2027-03-01T09:00:00Z',
      salesEnd: '2027-03-01T10:30:00+02:00',
    });
    expect(messages(result)).toEqual({ salesEnd: 'Sales must end after they start.' });
  });

  it('is checked on an edit that sends both the end and the ticket types', () => {
    const result = updateEventSchema.safeParse({
      endsAt: event.endsAt,
      ticketTypes: [{ ...ticket, salesStart: '2027-03-11T10:00:00+00:00' }],
    });
    expect(messages(result)).toEqual({ 'ticketTypes.0.salesStart': 'Sales must start before the event ends.' });
  });
});

describe('numbers out of range', () => {
  it('are refused in plain words', () => {
    const tooMuch = ticketTypeInputSchema.safeParse({
      ...ticket,
      price: 10_000_001,
      capacity: 99_999_999_999,
      minPerOrder: 101,
      maxPerOrder: 101,
    });
    expect(messages(tooMuch)).toEqual({
      price: 'At most 100,000.00 a ticket.',
      capacity: 'At most 1,000,000 tickets.',
      minPerOrder: 'At most 100 tickets per order.',
      maxPerOrder: 'At most 100 tickets per order.',
    });
    const tooLittle = ticketTypeInputSchema.safeParse({ ...ticket, price: -1, minPerOrder: 0, maxPerOrder: 0 });
    expect(messages(tooLittle)).toEqual({
      price: 'Enter a price of 0 or more.',
      minPerOrder: 'At least 1 ticket per order.',
      maxPerOrder: 'At least 1 ticket per order.',
    });
    const place = venueSchema.safeParse({ name: 'x', address: 'y', city: 'z', latitude: 91, longitude: -181 });
    expect(messages(place)).toEqual({
      latitude: 'A latitude is between -90 and 90.',
      longitude: 'A longitude is between -180 and 180.',
    });
  });
});

describe('coordinates', () => {
  it('are kept to about a centimetre, so a subnormal number the database cannot read becomes 0', () => {
    expect(eventListQuerySchema.parse({ lat: '5e-324', lng: '-2.2426312345' })).toMatchObject({ lat: 0, lng: -2.2426312 });
    expect(
      venueSchema.parse({ name: 'Hall', address: '1 Street', city: 'Leeds', latitude: 5e-324, longitude: 53.8 }),
    ).toMatchObject({
      latitude: 0,
      longitude: 53.8,
    });
    expect(venueSchema.safeParse({ name: 'Hall', address: '1 Street', city: 'Leeds', latitude: 91 }).success).toBe(false);
  });
});
