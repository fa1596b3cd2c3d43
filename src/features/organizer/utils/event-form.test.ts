import { describe, expect, it } from 'vitest';
import type { Event } from '#contract/events.ts';
import { duplicateInput, type EventFormValues, emptyEventForm, eventToForm, toUpdate, validateEventForm } from './event-form.ts';
import { serverPathErrors } from './field-errors.ts';

const organizationId = '11111111-1111-4111-8111-111111111111';

function filled(): EventFormValues {
  const values = emptyEventForm('Europe/London');
  return {
    ...values,
    title: 'Harbour Lights',
    category: 'music',
    startsAt: '2030-06-14T19:30',
    endsAt: '2030-06-14T23:00',
    venue: { name: 'The Boathouse', address: 'Pier 8', city: 'Salford', country: 'UK', latitude: '', longitude: '' },
    ticketTypes: [
      { ...(values.ticketTypes[0] as EventFormValues['ticketTypes'][number]), name: 'Standard', price: '12.50', capacity: '200' },
    ],
  };
}

describe('the event form', () => {
  it('makes the contract’s body: ISO times in the venue’s zone, prices in minor units', () => {
    const result = validateEventForm(filled(), organizationId);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      organizationId,
      startsAt: '2030-06-14T19:30:00+01:00',
      endsAt: '2030-06-14T23:00:00+01:00',
      timezone: 'Europe/London',
      onlineUrl: null,
      venue: { name: 'The Boathouse', latitude: null, longitude: null },
      ticketTypes: [{ name: 'Standard', price: 1250, currency: 'GBP', capacity: 200, minPerOrder: 1, maxPerOrder: 10 }],
    });
    expect(toUpdate(result.data)).not.toHaveProperty('organizationId');
  });

  it('puts each message at its full path, ticket rows included', () => {
    const values = filled();
    const row = values.ticketTypes[0] as EventFormValues['ticketTypes'][number];
    values.title = 'ab';
    values.endsAt = '2030-06-14T18:00';
    values.ticketTypes = [
      row,
      { ...row, key: 'second', name: '', price: '1.234' },
      { ...row, key: 'third', minPerOrder: '5', maxPerOrder: '2' },
    ];
    const result = validateEventForm(values, organizationId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      title: 'At least 3 characters.',
      endsAt: 'The end must be after the start.',
      'ticketTypes.1.name': 'Name the ticket type.',
      'ticketTypes.1.price': 'Enter a price such as 12.50, or 0 for free.',
      'ticketTypes.2.maxPerOrder': 'Must be at least the minimum.',
    });
    expect(result.errors['ticketTypes.0.price']).toBeUndefined();
  });

  it('refuses ticket sales that open after the event has ended, at the field, while other fields are still wrong', () => {
    const values = filled();
    const row = values.ticketTypes[0] as EventFormValues['ticketTypes'][number];
    values.title = '';
    values.ticketTypes = [
      { ...row, salesStart: '2030-06-15T10:00' },
      { ...row, key: 'second', name: '', salesEnd: '2030-06-14T23:30' },
      { ...row, key: 'third', salesStart: '2030-06-01T10:00', salesEnd: '2030-06-14T23:00' },
    ];
    const result = validateEventForm(values, organizationId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      'ticketTypes.0.salesStart': 'Sales must start before the event ends.',
      'ticketTypes.1.name': 'Name the ticket type.',
      'ticketTypes.1.salesEnd': 'Sales must end by the time the event ends. Leave it blank to sell until then.',
    });
    expect(Object.keys(result.errors).filter((path) => path.startsWith('ticketTypes.2'))).toEqual([]);
  });

  it('allows transfers until the start for a new event, locks them when unticked and wants whole hours', () => {
    const fresh = validateEventForm(filled(), organizationId);
    expect(fresh.ok && fresh.data.transferCutoffHours).toBe(0);
    const locked = validateEventForm({ ...filled(), transfers: false, transferCutoff: 'ignored' }, organizationId);
    expect(locked.ok && locked.data.transferCutoffHours).toBeNull();
    const wrong = validateEventForm({ ...filled(), transferCutoff: 'a day' }, organizationId);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.errors.transferCutoffHours).toMatch(/whole number/);
    const tooLong = validateEventForm({ ...filled(), transferCutoff: '800' }, organizationId);
    expect(!tooLong.ok && tooLong.errors.transferCutoffHours).toMatch(/720 hours/);
  });

  it('asks an online event for its link, not a venue', () => {
    const values = { ...filled(), isOnline: true, onlineUrl: '' };
    const result = validateEventForm(values, organizationId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.onlineUrl).toBeTruthy();
    expect(result.errors.venue).toBeUndefined();
    const fixed = validateEventForm({ ...values, onlineUrl: 'https://meet.example.com/x' }, organizationId);
    expect(fixed.ok && fixed.data.venue).toBe(null);
  });

  it('asks for a category, a zone and the times', () => {
    const result = validateEventForm({ ...emptyEventForm(''), title: 'Something' }, organizationId);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      category: 'Choose a category.',
      timezone: 'Choose the time zone of the venue.',
      startsAt: 'Enter when the event starts.',
      'venue.name': 'Name the venue.',
    });
  });

  it('round-trips a saved event, and duplicates it as “Copy of” without ids', () => {
    const saved: Event = {
      id: '22222222-2222-4222-8222-222222222222',
      title: 'Harbour Lights',
      summary: '',
      description: 'Hi',
      category: 'music',
      status: 'published',
      startsAt: '2030-06-14T18:30:00.000Z',
      endsAt: '2030-06-14T22:00:00.000Z',
      timezone: 'Europe/London',
      isOnline: false,
      venueName: 'The Boathouse',
      city: 'Salford',
      coverImageKey: 'users/x/cover.png',
      coverImageUrl: '/api/uploads/file/users/x/cover.png',
      coverImageSrcSet: null,
      priceFrom: 1250,
      currency: 'GBP',
      soldOut: false,
      organizer: { id: organizationId, name: 'Org', city: null },
      distanceKm: null,
      venue: { name: 'The Boathouse', address: 'Pier 8', city: 'Salford', country: 'UK', latitude: 53.4, longitude: -2.2 },
      onlineUrl: null,
      ticketTypes: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'Standard',
          description: '',
          price: 1250,
          currency: 'GBP',
          capacity: 200,
          available: 190,
          taken: 10,
          minPerOrder: 1,
          maxPerOrder: 10,
          salesStart: null,
          salesEnd: '2030-06-14T17:00:00.000Z',
          hidden: false,
          onSale: true,
          waitingList: false,
        },
      ],
      publishedAt: null,
      ticketsSold: 10,
      testMode: true,
      refundPolicy: { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'fixed', amount: 250, currency: 'GBP' } },
      buyerCancellation: false,
      transferCutoffHours: 24,
    };
    const form = eventToForm(saved);
    expect(form).toMatchObject({ startsAt: '2030-06-14T19:30', endsAt: '2030-06-14T23:00', testMode: true });
    expect(form.ticketTypes[0]).toMatchObject({
      price: '12.50',
      salesEnd: '2030-06-14T18:00',
      sold: 10,
      id: saved.ticketTypes[0]?.id,
    });
    const again = validateEventForm(form, organizationId);
    expect(again.ok && again.data.ticketTypes[0]).toMatchObject({ id: saved.ticketTypes[0]?.id, price: 1250 });
    expect(again.ok && again.data.testMode).toBe(true);
    expect(form.refund).toMatchObject({ kind: 'until_before_start', notice: '2', unit: 'days', fee: 'fixed', amount: '2.50' });
    expect(again.ok && again.data.refundPolicy).toEqual(saved.refundPolicy);
    expect(form).toMatchObject({ transfers: true, transferCutoff: '24' });
    expect(again.ok && again.data.transferCutoffHours).toBe(24);

    const copy = duplicateInput(saved, organizationId);
    expect(copy.title).toBe('Copy of Harbour Lights');
    // A copy is a new event: its door starts out refusing TEST tickets.
    expect(copy.testMode).toBe(false);
    expect(copy.ticketTypes[0]).not.toHaveProperty('id');
    expect(copy.ticketTypes[0]).toMatchObject({ name: 'Standard', price: 1250, capacity: 200 });
    expect(copy.refundPolicy).toEqual(saved.refundPolicy);
    expect(duplicateInput({ ...saved, title: 'x'.repeat(120) }, organizationId).title).toHaveLength(120);
  });
});

describe('server errors on the form', () => {
  const failure = (errors: Array<{ path: string; message: string }>, message = 'Check the highlighted fields.') => ({
    isAxiosError: true,
    response: { status: 400, data: { httpStatus: 'BAD_REQUEST', message, errors } },
  });

  it('maps body paths back to their fields, ticket rows included', () => {
    const errors = serverPathErrors(
      failure([
        { path: 'body.ticketTypes.0.price', message: 'Too big.' },
        { path: 'body.title', message: 'Too short.' },
      ]),
      () => true,
    );
    expect(errors).toEqual({ 'ticketTypes.0.price': 'Too big.', title: 'Too short.' });
  });

  it('shows the server’s message above the form for what has no field', () => {
    const errors = serverPathErrors(
      failure([{ path: 'event', message: 'Add at least one ticket type.' }], 'Add at least one ticket type.'),
      () => true,
    );
    expect(errors).toEqual({ form: 'Add at least one ticket type.' });
  });
});
