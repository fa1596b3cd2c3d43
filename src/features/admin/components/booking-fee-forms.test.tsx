// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeeQuote } from '#contract/admin-sales.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { answering, clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { FeeCalculator } from './booking-fee-forms.tsx';

afterEach(clearScreen);

const quote: FeeQuote = { ruleId: null, subtotal: 30_000, bookingFee: 1_049, total: 31_049, organiserReceives: 30_000 };
const quoting = answering({ '/admin/booking-fees/quote': quote });

const resultOf = (page: HTMLElement) => page.querySelector('dl')?.textContent ?? null;
const problemOf = (page: HTMLElement) => page.querySelector('[role="alert"]')?.textContent ?? null;

function calculator(api: ApiCaller = quoting) {
  const { container } = renderScreen(<FeeCalculator rules={[]} />, { api });
  return {
    page: container,
    field: (label: string) => fieldLabelled(container, label),
    select: (label: string) => fieldLabelled<HTMLSelectElement>(container, label),
    calculate: () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click(),
  };
}

/** 300.00 × 1 in euros, calculated and on the page. */
async function calculated(api?: ApiCaller) {
  const screen = calculator(api);
  await vi.waitFor(() => screen.field('Ticket price'));
  enter(screen.select('Currency'), 'EUR');
  enter(screen.field('Ticket price'), '300');
  enter(screen.field('Tickets'), '1');
  screen.calculate();
  await vi.waitFor(() => expect(resultOf(screen.page)).toContain('€310.49'));
  return screen;
}

describe('the booking fee calculator', () => {
  it.each([
    ['Ticket price', '-5'],
    ['Tickets', '0'],
    ['Tickets', '1000'],
  ])('takes the last result away when %s becomes %s, and shows only the problem', async (label, value) => {
    const screen = await calculated();
    enter(screen.field(label), value);
    await vi.waitFor(() => expect(resultOf(screen.page)).toBeNull());
    screen.calculate();
    await vi.waitFor(() => expect(problemOf(screen.page)).toContain('Give a ticket price like 25.00'));
    expect(resultOf(screen.page)).toBeNull();
  });

  it('takes the last result away when the currency changes, rather than showing it in the new currency', async () => {
    const screen = await calculated();
    enter(screen.select('Currency'), 'GBP');
    await vi.waitFor(() => expect(resultOf(screen.page)).toBeNull());
    expect(screen.page.textContent).not.toContain('£310.49');
  });

  it('drops an answer that arrives after the sample changed', async () => {
    const pending: { answer?: (value: FeeQuote) => void } = {};
    const slow: ApiCaller = <T,>() => new Promise<T>((resolve) => (pending.answer = resolve as (value: FeeQuote) => void));
    const screen = calculator(slow);
    await vi.waitFor(() => screen.field('Ticket price'));
    screen.calculate();
    await vi.waitFor(() => expect(pending.answer).toBeDefined());
    enter(screen.select('Currency'), 'EUR');
    pending.answer?.(quote);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resultOf(screen.page)).toBeNull();
  });
});
