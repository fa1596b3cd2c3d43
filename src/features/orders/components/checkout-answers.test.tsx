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
const base = { help: '', options: [], ticketTypeIds: [] };
const company: CheckoutQuestion = {
  ...base,
  id: '55555555-5555-4555-8555-555555555555',
  label: 'Company',
  kind: 'short_text',
  scope: 'order',
  required: false,
};
const diet: CheckoutQuestion = {
  ...base,
  id: '66666666-6666-4666-8666-666666666666',
  label: 'Dietary needs',
  kind: 'one_choice',
  scope: 'attendee',
  required: true,
  options: ['None', 'Vegetarian', 'Vegan'],
};
const conduct: CheckoutQuestion = {
  ...base,
  id: '77777777-7777-4777-8777-777777777777',
  label: 'I accept the code of conduct',
  kind: 'yes_no',
  scope: 'order',
  required: true,
};

function checkout(answer: (config: AxiosRequestConfig) => Promise<unknown>) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = <T,>(config: AxiosRequestConfig) => {
    if (config.url?.endsWith('/checkout-questions')) {
      return Promise.resolve({ questions: [company, conduct, diet], answersEditableUntil: null } as T);
    }
    calls.push(config);
    return answer(config) as Promise<T>;
  };
  const { container } = renderScreen(<CheckoutForm event={event} lines={lines} total={6000} currency="GBP" />, { api });
  const submit = () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  const radio = (ticket: number, option: string) =>
    [...container.querySelectorAll<HTMLInputElement>(`input[name="answer-${diet.id}-${ticket}"]`)].find(
      (input) => input.closest('label')?.textContent === option,
    );
  const fillBuyer = async () => {
    await vi.waitFor(() => fieldLabelled(container, 'Company (optional)'));
    enter(fieldLabelled(container, 'Full name'), 'Ada Lovelace');
    enter(fieldLabelled(container, 'Email'), 'ada@example.test');
  };
  return { container, calls, submit, radio, fillBuyer };
}

const errorOf = (element: Element | null | undefined) => {
  const ids = element?.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((text) => text && !text.startsWith('Buyers'));
};

describe('the organiser’s questions at checkout', () => {
  it('asks the order’s questions once and each ticket’s under that ticket', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await screen.fillBuyer();
    const legends = [...screen.container.querySelectorAll('fieldset > legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['About this order', 'Standard — ticket 1', 'Dietary needs', 'Standard — ticket 2', 'Dietary needs']);
    expect(screen.container.querySelectorAll(`input[name="answer-${company.id}-order"]`)).toHaveLength(1);
  });

  it('says which required answers are missing, keeps what was typed and sends nothing', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await screen.fillBuyer();
    enter(fieldLabelled(screen.container, 'Company (optional)'), 'Analytical Engines');
    screen.radio(0, 'Vegan')?.click();
    screen.submit();
    await vi.waitFor(() =>
      expect(errorOf(screen.container.querySelector(`input[name="answer-${conduct.id}-order"]`))).toBe('Tick the box to go on.'),
    );
    const second = screen.container.querySelector(`input[name="answer-${diet.id}-1"]`)?.closest('fieldset');
    expect(errorOf(second)).toBe('Answer this question.');
    expect(fieldLabelled(screen.container, 'Company (optional)').value).toBe('Analytical Engines');
    expect(screen.radio(0, 'Vegan')?.checked).toBe(true);
    expect(screen.calls).toEqual([]);
  });

  it('sends the answers with the order, each ticket’s with its position', async () => {
    const screen = checkout(() => new Promise(() => {}));
    await screen.fillBuyer();
    enter(fieldLabelled(screen.container, 'Company (optional)'), '  Analytical Engines ');
    (screen.container.querySelector(`input[name="answer-${conduct.id}-order"]`) as HTMLInputElement).click();
    screen.radio(0, 'Vegan')?.click();
    screen.radio(1, 'None')?.click();
    screen.submit();
    await vi.waitFor(() => expect(screen.calls).toHaveLength(1));
    expect(screen.calls[0]?.data).toMatchObject({
      answers: [
        { questionId: company.id, position: null, value: 'Analytical Engines' },
        { questionId: conduct.id, position: null, value: true },
        { questionId: diet.id, position: 0, value: 'Vegan' },
        { questionId: diet.id, position: 1, value: 'None' },
      ],
    });
  });

  it('puts the server’s refusal of an answer under its field', async () => {
    const message = 'Choose one of the options.';
    const screen = checkout(() =>
      Promise.reject({
        isAxiosError: true,
        response: {
          status: 400,
          data: {
            httpStatus: 'BAD_REQUEST',
            message: 'Check your answers.',
            errors: [{ path: `body.answers.${diet.id}@1`, message }],
          },
        },
      }),
    );
    await screen.fillBuyer();
    (screen.container.querySelector(`input[name="answer-${conduct.id}-order"]`) as HTMLInputElement).click();
    screen.radio(0, 'Vegan')?.click();
    screen.radio(1, 'None')?.click();
    screen.submit();
    const second = () => screen.container.querySelector(`input[name="answer-${diet.id}-1"]`)?.closest('fieldset');
    await vi.waitFor(() => expect(errorOf(second())).toBe(message));
    expect(screen.radio(1, 'None')?.checked).toBe(true);
  });
});
