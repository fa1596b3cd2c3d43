// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppliedCode } from '#contract/discount-codes.ts';
import type { BookingFeeRule } from '#contract/orders.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, renderScreen } from '#lib/screen.test-helper.tsx';
import type { BookableEvent } from '../utils/ticket-choice.ts';
import { TicketSelection } from './ticket-selection.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const backstage = '44444444-4444-4444-8444-444444444444';

const type = (id: string, name: string, price: number, hidden: boolean) => ({
  id,
  name,
  description: '',
  price,
  currency: 'GBP',
  capacity: 100,
  available: 100,
  taken: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStart: null,
  salesEnd: null,
  hidden,
  onSale: true,
  waitingList: false,
});

const event: BookableEvent = {
  id: eventId,
  title: 'Spring Social',
  timezone: 'Europe/London',
  currency: 'GBP',
  ticketTypes: [type(standard, 'Standard', 3000, false), type(backstage, 'Backstage', 5000, true)],
};

const spring: AppliedCode = {
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  perOrder: false,
  ticketTypeIds: [standard],
  minQuantity: null,
  unlocked: [type(backstage, 'Backstage', 5000, true)],
  summary: '10% off Standard tickets and shows Backstage tickets',
};

/** 5% of each ticket's price plus 20p: £27.00 pays £1.55, £30.00 would pay £1.70. */
const fee: BookingFeeRule = { percentBasisPoints: 500, fixed: 20, capPerTicket: null, minPerTicket: null };

const refusal = (status: number, message: string) => ({
  isAxiosError: true,
  response: {
    status,
    data: { httpStatus: status === 404 ? 'NOT_FOUND' : 'CONFLICT', message, errors: [{ path: 'query.code', message }] },
  },
});

/** The API: the booking fee, and the code check answered by `code` (a refusal when it throws). */
function api(code: (typed: string) => AppliedCode) {
  const asked: string[] = [];
  const caller: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    if (config.url === '/booking-fee') return fee as T;
    if (config.url === `/events/${eventId}/code`) {
      const typed = (config.params as { code: string }).code;
      asked.push(typed);
      return code(typed) as T;
    }
    throw new Error(`No answer for ${config.url}`);
  };
  return { caller, asked };
}

function selection(caller: ApiCaller, path = `/event/${eventId}`) {
  const { container } = renderScreen(
    <TicketSelection
      event={event}
      now={Date.parse('2026-05-01T12:00:00Z')}
      availabilityOf={() => ({ text: () => '', tone: 'ok' })}
    />,
    {
      api: caller,
      path,
    },
  );
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find(
      (one) => one.textContent?.trim() === name || one.getAttribute('aria-label') === name,
    );
  const click = (name: string) => {
    const found = button(name);
    if (!found) throw new Error(`No button ${name}`);
    found.click();
  };
  const codeField = () => container.querySelector<HTMLInputElement>('input[name="code"]');
  /** The price breakdown, a line each: "Subtotal £27.00". */
  const amounts = () =>
    [...container.querySelectorAll('dl > div')]
      .map((row) => `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`)
      .join('\n');
  const listed = () => [...container.querySelectorAll('li p:first-child')].map((one) => one.textContent);
  return { container, button, click, codeField, amounts, listed };
}

async function applied(screen: ReturnType<typeof selection>, typed: string) {
  await vi.waitFor(() => screen.click('Have a code?'));
  await vi.waitFor(() => expect(screen.codeField()).not.toBeNull());
  enter(screen.codeField() as HTMLInputElement, typed);
  screen.click('Apply');
}

describe('a buyer’s code on the event page', () => {
  it('applies a typed code: says what it does, lists the hidden tickets it shows, and takes its discount off before the fee', async () => {
    const { caller, asked } = api(() => spring);
    const screen = selection(caller);
    await vi.waitFor(() => expect(screen.listed()).toEqual(['Standard']));
    await applied(screen, 'spring10');
    await vi.waitFor(() =>
      expect(screen.container.textContent).toContain('SPRING10 — 10% off Standard tickets and shows Backstage tickets'),
    );
    expect(asked).toEqual(['spring10']);
    expect(screen.listed()).toEqual(['Standard', 'BackstageWith your code']);

    screen.click('Add one Standard ticket');
    await vi.waitFor(() => expect(screen.amounts()).toContain('Booking fee £1.55'));
    expect(screen.amounts()).toContain('Discount (SPRING10) −£3.00');
    expect(screen.amounts()).toContain('Subtotal £27.00');
    expect(screen.amounts()).toContain('Total £28.55');
  });

  it('sells the hidden tickets a code shows, at their own price when the code takes nothing off them', async () => {
    const { caller } = api(() => spring);
    const screen = selection(caller);
    await applied(screen, 'SPRING10');
    await vi.waitFor(() => screen.click('Add one Backstage ticket'));
    await vi.waitFor(() => expect(screen.amounts()).toContain('Total £52.70'));
    expect(screen.amounts()).not.toContain('Discount');
    expect(screen.container.textContent).toContain('It takes nothing off the tickets you have chosen.');
  });

  it('shows the server’s sentence under the field for a code it refuses, and applies nothing', async () => {
    const { caller } = api(() => {
      throw refusal(404, 'That is not a code for this event. Check its spelling.');
    });
    const screen = selection(caller);
    await applied(screen, 'SPRNG10');
    await vi.waitFor(() =>
      expect(screen.container.querySelector('[role="alert"]')?.textContent).toBe(
        'That is not a code for this event. Check its spelling.',
      ),
    );
    expect(screen.codeField()?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.listed()).toEqual(['Standard']);
  });

  it('asks for a code before checking an empty one', async () => {
    const { caller, asked } = api(() => spring);
    const screen = selection(caller);
    await applied(screen, '  ');
    await vi.waitFor(() => expect(screen.container.querySelector('[role="alert"]')?.textContent).toBe('Enter a code.'));
    expect(asked).toEqual([]);
  });

  it('applies the code in the page’s address when it opens', async () => {
    const { caller, asked } = api(() => spring);
    const screen = selection(caller, `/event/${eventId}?code=SPRING10`);
    await vi.waitFor(() => expect(screen.container.textContent).toContain('SPRING10 — 10% off Standard tickets'));
    expect(asked).toEqual(['SPRING10']);
  });

  it('takes the code, its discount and its hidden tickets away when removed', async () => {
    const { caller } = api(() => spring);
    const screen = selection(caller);
    await applied(screen, 'SPRING10');
    await vi.waitFor(() => screen.click('Add one Backstage ticket'));
    screen.click('Add one Standard ticket');
    await vi.waitFor(() => expect(screen.amounts()).toContain('Discount (SPRING10) −£3.00'));
    screen.click('Remove the code SPRING10');
    await vi.waitFor(() => expect(screen.listed()).toEqual(['Standard']));
    expect(screen.amounts()).not.toContain('Discount');
    expect(screen.amounts()).toContain('Subtotal £30.00');
  });
});
