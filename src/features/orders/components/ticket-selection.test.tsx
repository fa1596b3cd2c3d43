// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketType } from '#contract/events.ts';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import type { BookableEvent } from '../utils/ticket-choice.ts';
import { TicketSelection } from './ticket-selection.tsx';

afterEach(clearScreen);

const type = (id: string, name: string, overrides: Partial<TicketType> = {}): TicketType => ({
  id,
  name,
  description: '',
  price: 2000,
  currency: 'GBP',
  capacity: 100,
  available: 100,
  taken: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStart: null,
  salesEnd: null,
  hidden: false,
  onSale: true,
  waitingList: false,
  ...overrides,
});

const standard = type('33333333-3333-4333-8333-333333333333', 'Standard', { available: 0, waitingList: true });
const balcony = type('44444444-4444-4444-8444-444444444444', 'Balcony');
const event = (ticketTypes: TicketType[]): BookableEvent => ({
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Harbour Lights',
  timezone: 'Europe/London',
  currency: 'GBP',
  ticketTypes,
});

function selection(ticketTypes: TicketType[]) {
  const { container } = renderScreen(
    <TicketSelection
      event={event(ticketTypes)}
      now={Date.parse('2026-11-30T10:00:00Z')}
      availabilityOf={() => ({ text: () => 'Available', tone: 'ok' })}
      waitingList={(waiting) => <button type="button">Join the list for {waiting.name}</button>}
    />,
  );
  const row = (name: string) =>
    [...container.querySelectorAll('li')].find((item) => item.querySelector('p')?.textContent?.startsWith(name));
  return { container, row };
}

describe('a sold-out ticket type with a waiting list', () => {
  it('shows the way to join it where the quantity picker would be, beside types still on sale', async () => {
    const screen = selection([standard, balcony]);
    await vi.waitFor(() => expect(screen.row('Standard')).toBeDefined());
    const row = screen.row('Standard');
    expect(row?.textContent).toContain('Sold out');
    expect(row?.textContent).toContain('Join the list for Standard');
    expect(row?.querySelector('fieldset')).toBeNull();
    expect(screen.row('Balcony')?.querySelector('fieldset')).not.toBeNull();
    expect(screen.container.textContent).toContain('Choose your tickets');
  });

  it('leaves out the button to continue when every type is sold out, and says so', async () => {
    const screen = selection([standard]);
    await vi.waitFor(() => expect(screen.row('Standard')).toBeDefined());
    expect(screen.container.textContent).not.toContain('Choose your tickets');
    expect(screen.container.textContent).toContain('Every ticket has been sold. Join the waiting list');
  });

  it('keeps the plain "Sold out" of a type without a list', async () => {
    const screen = selection([{ ...standard, waitingList: false }, balcony]);
    await vi.waitFor(() => expect(screen.row('Standard')).toBeDefined());
    expect(screen.row('Standard')?.textContent).not.toContain('Join the list');
    expect(screen.row('Standard')?.textContent).toContain('Sold out');
  });
});
