import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '#contract/discount-codes.ts';
import {
  type CodeFormValues,
  checkCodeForm,
  codeToForm,
  emptyCodeForm,
  serverCodeErrors,
  withArchived,
} from './discount-code-form.ts';

const london = { currency: 'GBP', timeZone: 'Europe/London' };
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';

const form = (change: Partial<CodeFormValues> = {}): CodeFormValues => ({
  ...emptyCodeForm,
  code: 'spring-10',
  value: '10',
  ...change,
});

/** The messages a form shows, or the body it sends. */
function errorsOf(values: CodeFormValues, mode: Parameters<typeof checkCodeForm>[0] = 'one', context = london) {
  const check = checkCodeForm(mode, values, context);
  if (check.ok) throw new Error(`expected messages, got ${JSON.stringify(check.request)}`);
  return check.errors;
}
function bodyOf(values: CodeFormValues, mode: Parameters<typeof checkCodeForm>[0] = 'one', context = london) {
  const check = checkCodeForm(mode, values, context);
  if (!check.ok) throw new Error(`expected a body, got ${JSON.stringify(check.errors)}`);
  return check.request.body as Record<string, unknown>;
}

/** A failed call as axios gives it, with the server's envelope. */
const refused = (status: number, message: string, errors?: { path: string; message: string }[]) => ({
  isAxiosError: true,
  response: { status, data: { httpStatus: 'CONFLICT', message, errors } },
});

describe('the discount code form’s body', () => {
  it('sends one code in capitals, a percentage as it is, and every ticket type as an empty list', () => {
    expect(bodyOf(form())).toMatchObject({ code: 'SPRING-10', kind: 'percent', value: 10, ticketTypeIds: [], perOrder: false });
  });

  it('sends amounts typed in major units as minor units, in the event’s currency', () => {
    expect(bodyOf(form({ kind: 'amount', value: '5.50' }))).toMatchObject({ kind: 'amount', value: 550 });
    expect(bodyOf(form({ kind: 'price', value: '£12' }))).toMatchObject({ kind: 'price', value: 1200 });
    expect(bodyOf(form({ kind: 'amount', value: '500' }), 'one', { currency: 'JPY', timeZone: 'Asia/Tokyo' })).toMatchObject({
      value: 500,
    });
  });

  it('takes an amount once per order only for an amount off, never for a percentage', () => {
    expect(bodyOf(form({ kind: 'amount', value: '5', perOrder: true }))).toMatchObject({ perOrder: true });
    expect(bodyOf(form({ kind: 'percent', value: '5', perOrder: true }))).toMatchObject({ perOrder: false });
  });

  it('sends chosen ticket types, hidden types it shows, limits, and dates on the event’s clock', () => {
    const body = bodyOf(
      form({
        allTypes: false,
        ticketTypeIds: [standard],
        unlocksTicketTypeIds: [vip],
        maxUses: '100',
        maxUsesPerBuyer: '2',
        minQuantity: '3',
        startsAt: '2026-07-01T09:00',
        endsAt: '2026-12-01T09:00',
        note: ' Newsletter ',
      }),
    );
    expect(body).toMatchObject({
      ticketTypeIds: [standard],
      unlocksTicketTypeIds: [vip],
      maxUses: 100,
      maxUsesPerBuyer: 2,
      minQuantity: 3,
      startsAt: '2026-07-01T09:00:00+01:00',
      endsAt: '2026-12-01T09:00:00+00:00',
      note: 'Newsletter',
    });
  });

  it('sends an access code with no discount when it shows hidden tickets', () => {
    expect(bodyOf(form({ kind: 'none', value: '10', unlocksTicketTypeIds: [vip] }))).toMatchObject({
      kind: null,
      value: null,
      unlocksTicketTypeIds: [vip],
    });
  });

  it('makes many codes with a prefix and a count, and imports a file’s text with the same settings', () => {
    expect(bodyOf(form({ prefix: 'partner-', count: '250' }), 'many')).toMatchObject({
      prefix: 'PARTNER-',
      count: 250,
      value: 10,
    });
    expect(bodyOf(form({ csv: 'code\nA1B2C3\n' }), 'import')).toMatchObject({ csv: 'code\nA1B2C3\n', value: 10 });
  });

  it('keeps an archived code archived when its settings change', () => {
    const check = checkCodeForm('edit', form(), london, true);
    expect(check.ok && check.request.body).toMatchObject({ archived: true, value: 10 });
  });
});

describe('the discount code form’s messages, each under its field', () => {
  it.each([
    [{ code: 'ab' }, 'code', 'A code has at least 3 characters.'],
    [{ code: 'spring 10!' }, 'code', 'Use letters, digits, dashes and underscores only, e.g. SPRING-10.'],
    [{ value: '' }, 'value', 'Enter the discount.'],
    [{ value: '150' }, 'value', 'A percentage is between 1 and 100.'],
    [{ value: '12.5' }, 'value', 'Enter a whole percentage, e.g. 10.'],
    [{ kind: 'amount', value: 'five' }, 'value', 'Enter an amount in GBP, e.g. 5.00.'],
    [{ kind: 'amount', value: '5.505' }, 'value', 'Enter an amount in GBP, e.g. 5.00.'],
    [{ kind: 'amount', value: '0' }, 'value', 'An amount off is more than 0.'],
    [{ kind: 'none' }, 'kind', 'Give a discount, or choose hidden tickets the code shows, or both.'],
    [{ allTypes: false, ticketTypeIds: [] }, 'ticketTypeIds', 'Choose at least one ticket type, or choose all ticket types.'],
    [{ maxUses: '0' }, 'maxUses', 'Total uses is at least 1; leave it blank for no limit.'],
    [{ maxUses: 'ten' }, 'maxUses', 'Enter a whole number, or leave it blank for no limit.'],
    [{ maxUses: '5', maxUsesPerBuyer: '6' }, 'maxUsesPerBuyer', 'Uses per buyer cannot be more than the total uses.'],
    [{ minQuantity: '2.5' }, 'minQuantity', 'Enter a whole number, or leave it blank for no limit.'],
    [{ startsAt: '2026-07-02T09:00', endsAt: '2026-07-01T09:00' }, 'endsAt', 'The end must be after the start.'],
    [{ startsAt: '2026-07-02' }, 'startsAt', 'Enter a full date and time, or leave it blank.'],
  ] as const)('%o: %s says “%s”', (change, field, message) => {
    expect(errorsOf(form(change as Partial<CodeFormValues>))[field]).toBe(message);
  });

  it('says what is wrong with the count of codes to make, and asks for a file to import', () => {
    expect(errorsOf(form({ count: '3000' }), 'many').count).toBe('Make at most 2,000 codes at once.');
    expect(errorsOf(form({ count: 'lots' }), 'many').count).toBe('Enter how many codes to make, e.g. 100.');
    expect(errorsOf(form({ csv: ' ' }), 'import').csv).toBe('Choose a CSV file with one code at the start of each line.');
  });

  it('shows every field’s message at once, not only the first', () => {
    expect(Object.keys(errorsOf(form({ code: 'x', value: '', maxUses: 'many' }))).sort()).toEqual(['code', 'maxUses', 'value']);
  });
});

describe('the server’s refusals in the form', () => {
  it('puts each field error under its field, a list’s item under the list', () => {
    const error = refused(400, 'Check the code’s settings.', [
      { path: 'body.value', message: 'A percentage is between 1 and 100.' },
      { path: 'body.ticketTypeIds.0', message: 'That ticket type is not one of this event’s.' },
    ]);
    expect(serverCodeErrors(error)).toEqual({
      value: 'A percentage is between 1 and 100.',
      ticketTypeIds: 'That ticket type is not one of this event’s.',
    });
  });

  it('puts a code that exists already under the code', () => {
    const error = refused(409, 'This event has a code SPRING-10 already.', [
      { path: 'body.code', message: 'This event has a code SPRING-10 already.' },
    ]);
    expect(serverCodeErrors(error)).toEqual({ code: 'This event has a code SPRING-10 already.' });
  });

  it('puts what has no field above the form, with the server’s sentence', () => {
    expect(serverCodeErrors(refused(403, 'Only owners and managers can change codes.'))).toEqual({
      form: 'Only owners and managers can change codes.',
    });
    expect(
      serverCodeErrors(refused(400, 'Not a valid event id.', [{ path: 'params.eventId', message: 'Not a valid event id.' }])),
    ).toEqual({ form: 'Not a valid event id.' });
  });
});

describe('a saved code in the form', () => {
  const saved: DiscountCode = {
    id: '55555555-5555-4555-8555-555555555555',
    eventId: '22222222-2222-4222-8222-222222222222',
    code: 'TEAM',
    kind: 'amount',
    value: 550,
    perOrder: true,
    ticketTypeIds: [standard],
    unlocksTicketTypeIds: [],
    maxUses: null,
    maxUsesPerBuyer: 1,
    minQuantity: null,
    startsAt: '2026-07-01T08:00:00.000Z',
    endsAt: null,
    note: '',
    uses: 0,
    paidOrders: 0,
    revenue: 0,
    discounted: 0,
    archived: false,
    createdAt: '2026-03-01T10:00:00.000Z',
  };

  it('shows its amount in major units and its start on the event’s clock, and saves what it showed unchanged', () => {
    const values = codeToForm(saved, london);
    expect(values).toMatchObject({
      kind: 'amount',
      value: '5.50',
      allTypes: false,
      maxUsesPerBuyer: '1',
      startsAt: '2026-07-01T09:00',
    });
    expect(bodyOf(values, 'edit')).toEqual({ ...withArchived(saved, false), startsAt: '2026-07-01T09:00:00+01:00' });
  });
});
