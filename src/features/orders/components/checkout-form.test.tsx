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

describe('each ticket’s holder', () => {
  const emailOf = (container: HTMLElement, index: number) =>
    container.querySelector<HTMLInputElement>(`#attendee-email-${standard}-${index}`) as HTMLInputElement;

  it('may be given an email beside the name, sent trimmed and lower-cased by the ticket’s place', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await vi.waitFor(() => expect(emailOf(screen.container, 1)).toBeTruthy());
    const email = emailOf(screen.container, 1);
    expect(email.type).toBe('email');
    expect(email.inputMode).toBe('email');
    expect(email.autocomplete).toBe('off');
    expect(email.required).toBe(false);
    enter(screen.container.querySelector<HTMLInputElement>(`#attendee-${standard}-1`) as HTMLInputElement, 'Cam Companion');
    enter(email, ' Cam@Example.TEST ');
    await screen.place();
    await vi.waitFor(() => expect(screen.calls).toHaveLength(1));
    expect(screen.calls[0]?.data).toMatchObject({
      attendees: [
        { ticketTypeId: standard, name: '' },
        { ticketTypeId: standard, name: 'Cam Companion', email: 'cam@example.test' },
      ],
    });
    const sent = screen.calls[0]?.data as { attendees: object[] } | undefined;
    expect(sent?.attendees[0]).not.toHaveProperty('email');
  });

  it('with an email that is not an address is told so at its field, the fold opened, and nothing is sent', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await vi.waitFor(() => expect(emailOf(screen.container, 0)).toBeTruthy());
    enter(emailOf(screen.container, 0), 'cam at example');
    await screen.place();
    await vi.waitFor(() => expect(emailOf(screen.container, 0).getAttribute('aria-invalid')).toBe('true'));
    const described = emailOf(screen.container, 0).getAttribute('aria-describedby') ?? '';
    const said = described.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain('That is not an email address.');
    expect(screen.container.querySelector('details')?.open).toBe(true);
    expect(screen.calls).toHaveLength(0);
    // Corrected, the message goes.
    enter(emailOf(screen.container, 0), 'cam@example.test');
    await vi.waitFor(() => expect(emailOf(screen.container, 0).hasAttribute('aria-invalid')).toBe(false));
  });

  it('refused by the server is told at that ticket’s email, not above the form', async () => {
    const message = 'That is not an email address.';
    const screen = checkout(() =>
      Promise.reject({
        isAxiosError: true,
        response: {
          status: 400,
          data: { httpStatus: 'BAD_REQUEST', message, errors: [{ path: 'body.attendees.1.email', message }] },
        },
      }),
    );
    await vi.waitFor(() => expect(emailOf(screen.container, 1)).toBeTruthy());
    enter(emailOf(screen.container, 1), 'cam@example.test');
    await screen.place();
    await vi.waitFor(() => expect(emailOf(screen.container, 1).getAttribute('aria-invalid')).toBe('true'));
    expect(emailOf(screen.container, 0).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });
});
