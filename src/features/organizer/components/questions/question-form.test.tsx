// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { QuestionForm } from './question-form.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const types = [{ id: standard, name: 'Standard' }];

function recording(answer: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    return answer(config) as T;
  };
  return { api, calls };
}

function form(api: ApiCaller) {
  const done = vi.fn();
  const { container } = renderScreen(<QuestionForm eventId={eventId} types={types} onDone={done} onCancel={() => {}} />, { api });
  const submit = () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  const messageUnder = (label: string) => {
    const field = fieldLabelled(container, label);
    const errorId = field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    return errorId && field.getAttribute('aria-invalid') === 'true' ? document.getElementById(errorId)?.textContent : null;
  };
  const button = (text: string) =>
    [...container.querySelectorAll('button')].find((one) => one.textContent?.trim() === text) as HTMLButtonElement;
  return { container, done, submit, messageUnder, button, field: (label: string) => fieldLabelled(container, label) };
}

describe('the question editor', () => {
  it('offers option lines only for the choice kinds, and sends them in the order shown', async () => {
    const { api, calls } = recording((config) => ({ ...(config.data as object), id: 'x', position: 0, answers: 0 }));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Question'));
    expect(screen.container.textContent).not.toContain('Options');
    enter(screen.field('Question'), 'Dietary needs');
    enter(fieldLabelled<HTMLSelectElement>(screen.container, 'Answer'), 'one_choice');
    await vi.waitFor(() => screen.field('Option 1'));
    enter(screen.field('Option 1'), 'Vegan');
    enter(screen.field('Option 2'), 'None');
    screen.button('+ Add an option').click();
    await vi.waitFor(() => screen.field('Option 3'));
    enter(screen.field('Option 3'), 'Vegetarian');
    const moveUp = [...screen.container.querySelectorAll('button')].find((one) =>
      one.textContent?.includes('Move option 3 up'),
    ) as HTMLButtonElement;
    moveUp.click();
    await vi.waitFor(() => expect(screen.field('Option 2').value).toBe('Vegetarian'));
    screen.submit();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', url: `/events/${eventId}/questions` });
    expect(calls[0]?.data).toMatchObject({
      label: 'Dietary needs',
      kind: 'one_choice',
      options: ['Vegan', 'Vegetarian', 'None'],
    });
    await vi.waitFor(() => expect(screen.done).toHaveBeenCalled());
  });

  it('says what is wrong under the question and the options before sending anything', async () => {
    const { api, calls } = recording(() => ({}));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Question'));
    enter(fieldLabelled<HTMLSelectElement>(screen.container, 'Answer'), 'many_choices');
    await vi.waitFor(() => screen.field('Option 1'));
    enter(screen.field('Option 1'), 'Red');
    enter(screen.field('Option 2'), 'red');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Question')).toBe('Write the question.'));
    enter(screen.field('Question'), 'Colours');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Option 2')).toBe('“red” is offered twice.'));
    expect(calls).toEqual([]);
  });

  it('puts the server’s refusals under their fields', async () => {
    const { api } = recording(() => {
      throw {
        isAxiosError: true,
        response: {
          status: 400,
          data: {
            httpStatus: 'BAD_REQUEST',
            message: 'Check the question.',
            errors: [
              { path: 'body.label', message: 'An event asks that question already.' },
              { path: 'body.options.1', message: 'An option cannot be empty.' },
            ],
          },
        },
      };
    });
    const screen = form(api);
    await vi.waitFor(() => screen.field('Question'));
    enter(screen.field('Question'), 'T-shirt size');
    enter(fieldLabelled<HTMLSelectElement>(screen.container, 'Answer'), 'one_choice');
    await vi.waitFor(() => screen.field('Option 1'));
    enter(screen.field('Option 1'), 'S');
    enter(screen.field('Option 2'), 'M');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Question')).toBe('An event asks that question already.'));
    expect(screen.messageUnder('Option 2')).toBe('An option cannot be empty.');
    expect(screen.done).not.toHaveBeenCalled();
  });
});
