// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#contract/orders.ts';
import type { CheckoutQuestion } from '#contract/questions.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { OrderAnswersPanel } from './order-answers-panel.tsx';

afterEach(clearScreen);

const standard = '33333333-3333-4333-8333-333333333333';
const company: CheckoutQuestion = {
  id: '55555555-5555-4555-8555-555555555555',
  label: 'Company',
  help: '',
  kind: 'short_text',
  scope: 'order',
  required: false,
  options: [],
  ticketTypeIds: [],
};
const diet: CheckoutQuestion = {
  ...company,
  id: '66666666-6666-4666-8666-666666666666',
  label: 'Dietary needs',
  kind: 'one_choice',
  scope: 'attendee',
  required: true,
  options: ['None', 'Vegan'],
};
/** Added after the order: not offered, as the server would refuse its answer. */
const added: CheckoutQuestion = { ...company, id: '88888888-8888-4888-8888-888888888888', label: 'Added later', required: true };
const archived = '99999999-9999-4999-8999-999999999999';
const order = {
  id: '77777777-7777-4777-8777-777777777777',
  status: 'paid',
  event: { id: '22222222-2222-4222-8222-222222222222', timezone: 'Europe/London' },
  items: [{ ticketTypeId: standard, name: 'Standard', quantity: 2, unitPrice: 0, unitFee: 0 }],
  answers: [
    { questionId: company.id, position: null, label: 'Company', kind: 'short_text', value: 'Analytical', text: 'Analytical' },
    { questionId: diet.id, position: 0, label: 'Dietary needs', kind: 'one_choice', value: 'Vegan', text: 'Vegan' },
    { questionId: diet.id, position: 1, label: 'Dietary needs', kind: 'one_choice', value: 'None', text: 'None' },
    { questionId: archived, position: null, label: 'Archived', kind: 'short_text', value: 'Kept', text: 'Kept' },
  ],
  answersEditableUntil: '2099-01-01T12:00:00Z',
} as unknown as Order;

describe('the buyer’s answers on their booking', () => {
  it('shows the order’s answers and sends every answer again when corrected, those no longer asked too', async () => {
    const calls: AxiosRequestConfig[] = [];
    const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
      if (config.url?.endsWith('/checkout-questions'))
        return { questions: [company, diet, added], answersEditableUntil: null } as T;
      calls.push(config);
      return order as T;
    };
    const { container } = renderScreen(<OrderAnswersPanel order={order} token="guest-token" />, { api });
    await vi.waitFor(() => expect(container.textContent).toContain('You can change them until 1 Jan 2099, 12:00.'));
    expect(container.textContent).toContain('Analytical');
    const edit = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Edit answers');
    edit?.click();
    await vi.waitFor(() => fieldLabelled(container, 'Company (optional)'));
    expect(fieldLabelled(container, 'Company (optional)').value).toBe('Analytical');
    expect(container.textContent).not.toContain('Added later');
    enter(fieldLabelled(container, 'Company (optional)'), 'Difference');
    await vi.waitFor(() => expect(container.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(false));
    (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/orders/${order.id}/answers`, params: { token: 'guest-token' } });
    expect(calls[0]?.data).toEqual({
      answers: [
        { questionId: company.id, position: null, value: 'Difference' },
        { questionId: diet.id, position: 0, value: 'Vegan' },
        { questionId: diet.id, position: 1, value: 'None' },
        { questionId: archived, position: null, value: 'Kept' },
      ],
    });
  });
});
