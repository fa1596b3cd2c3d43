// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutQuestion } from '#contract/questions.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import type { BookableEvent } from '../utils/ticket-choice.ts';
import { CheckoutForm } from './checkout-form.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const event = {
  id: eventId,
  title: 'Spring Social',
  timezone: 'Europe/London',
  currency: 'GBP',
  ticketTypes: [],
} as BookableEvent;
const lines = [{ ticketTypeId: standard, name: 'Standard', unitPrice: 3000, quantity: 2 }];

function checkout(answer: (config: AxiosRequestConfig) => Promise<unknown>, code?: string, questions: CheckoutQuestion[] = []) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = <T,>(config: AxiosRequestConfig) => {
    if (config.url?.endsWith('/checkout-questions')) return Promise.resolve({ questions, answersEditableUntil: null } as T);
    calls.push(config);
    return answer(config) as Promise<T>;
  };
  const refused = vi.fn<(message: string) => void>();
  const { container } = renderScreen(
    <CheckoutForm event={event} lines={lines} total={5670} currency="GBP" code={code} onCodeRefused={refused} />,
    { api },
  );
  const place = async () => {
    await vi.waitFor(() => fieldLabelled(container, 'Full name'));
    enter(fieldLabelled(container, 'Full name'), 'Ada Lovelace');
    enter(fieldLabelled(container, 'Email'), 'ada@example.test');
    await vi.waitFor(() => expect(container.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false));
    (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  };
  return { container, calls, refused, place };
}

describe('placing an order with a code', () => {
  it('sends the code in force with the order', async () => {
    const screen = checkout(() => new Promise(() => {}), 'SPRING10');
    await screen.place();
    await vi.waitFor(() => expect(screen.calls).toHaveLength(1));
    expect(screen.calls[0]).toMatchObject({ method: 'POST', url: '/orders' });
    expect(screen.calls[0]?.data).toMatchObject({ eventId, code: 'SPRING10', items: [{ ticketTypeId: standard, quantity: 2 }] });
  });

  it('sends no code without one', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await screen.place();
    await vi.waitFor(() => expect(screen.calls).toHaveLength(1));
    expect(screen.calls[0]?.data).not.toHaveProperty('code');
  });

  it('hands a refused code’s sentence to the code’s field, and says it above the form', async () => {
    const message = 'That code has been used as many times as it can be.';
    const screen = checkout(
      () =>
        Promise.reject({
          isAxiosError: true,
          response: { status: 409, data: { httpStatus: 'CONFLICT', message, errors: [{ path: 'body.code', message }] } },
        }),
      'SPRING10',
    );
    await screen.place();
    await vi.waitFor(() => expect(screen.refused).toHaveBeenCalledWith(message));
    expect(screen.container.querySelector('[role="alert"]')?.textContent).toBe(message);
  });
});
