// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { type CodeFormOutcome, DiscountCodeForm } from './discount-code-form.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';
const types = [
  { id: standard, name: 'Standard', hidden: false },
  { id: vip, name: 'Backstage', hidden: true },
];

/** An API that records what it is sent and answers with `answer` (or throws what it gives). */
function recording(answer: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    return answer(config) as T;
  };
  return { api, calls };
}

const conflict = (message: string, path: string) => {
  throw {
    isAxiosError: true,
    response: { status: 409, data: { httpStatus: 'CONFLICT', message, errors: [{ path, message }] } },
  };
};

function form(api: ApiCaller, mode: 'one' | 'many' = 'one') {
  const done = vi.fn<(outcome: CodeFormOutcome) => void>();
  const { container } = renderScreen(
    <DiscountCodeForm
      eventId={eventId}
      mode={mode}
      types={types}
      currency="GBP"
      timeZone="Europe/London"
      onDone={done}
      onCancel={() => {}}
    />,
    { api },
  );
  const submit = () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  /** The message under a field, by its label. */
  const messageUnder = (label: string) => {
    const field = fieldLabelled(container, label);
    const errorId = field
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    if (!errorId || field.getAttribute('aria-invalid') !== 'true') return null;
    return document.getElementById(errorId)?.textContent ?? null;
  };
  return { container, done, submit, messageUnder, field: (label: string) => fieldLabelled(container, label) };
}

describe('the new code form', () => {
  it('shows what is wrong under each field before sending anything', async () => {
    const { api, calls } = recording(() => ({}));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Code'));
    enter(screen.field('Code'), 'ab');
    enter(screen.field('Percentage off'), '120');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Code')).toContain('A code has at least 3 characters.'));
    expect(screen.messageUnder('Percentage off')).toContain('A percentage is between 1 and 100.');
    expect(calls).toEqual([]);
  });

  it('sends the code with its amount in pence, and says it is done', async () => {
    const { api, calls } = recording((config) => ({ ...(config.data as object), id: 'x', code: 'SPRING-10' }));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Code'));
    enter(screen.field('Code'), 'spring-10');
    enter(screen.field('Discount') as unknown as HTMLSelectElement, 'amount');
    await vi.waitFor(() => screen.field('Amount off (GBP)'));
    enter(screen.field('Amount off (GBP)'), '2.50');
    screen.submit();
    await vi.waitFor(() => expect(screen.done).toHaveBeenCalledWith({ kind: 'saved' }));
    expect(calls[0]).toMatchObject({ method: 'POST', url: `/events/${eventId}/discount-codes` });
    expect(calls[0]?.data).toMatchObject({ code: 'SPRING-10', kind: 'amount', value: 250, perOrder: false, ticketTypeIds: [] });
  });

  it('shows the server’s refusal of a code that exists under the Code field', async () => {
    const { api } = recording(() => conflict('This event has a code SPRING-10 already.', 'body.code'));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Code'));
    enter(screen.field('Code'), 'spring-10');
    enter(screen.field('Percentage off'), '10');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Code')).toBe('This event has a code SPRING-10 already.'));
    expect(screen.done).not.toHaveBeenCalled();
    // Editing the field takes its message away.
    enter(screen.field('Code'), 'spring-11');
    await vi.waitFor(() => expect(screen.messageUnder('Code')).toBeNull());
  });

  it('offers only hidden ticket types to show, and sends those chosen', async () => {
    const { api, calls } = recording((config) => ({ ...(config.data as object), id: 'x', code: 'BACKSTAGE' }));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Code'));
    const shows = [...screen.container.querySelectorAll<HTMLInputElement>('input[name="unlocksTicketTypeIds"]')];
    expect(shows.map((box) => box.closest('label')?.textContent)).toEqual(['Backstage']);
    enter(screen.field('Code'), 'backstage');
    enter(screen.field('Discount') as unknown as HTMLSelectElement, 'none');
    shows[0]?.click();
    screen.submit();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.data).toMatchObject({ code: 'BACKSTAGE', kind: null, value: null, unlocksTicketTypeIds: [vip] });
  });
});

describe('making many codes', () => {
  it('hands back the codes the server made', async () => {
    const { api, calls } = recording(() => ({ codes: ['PARTNER-7KQ2', 'PARTNER-M3XD'] }));
    const screen = form(api, 'many');
    await vi.waitFor(() => screen.field('How many codes'));
    enter(screen.field('Start each code with'), 'partner-');
    enter(screen.field('How many codes'), '2');
    enter(screen.field('Percentage off'), '15');
    screen.submit();
    await vi.waitFor(() =>
      expect(screen.done).toHaveBeenCalledWith({ kind: 'generated', codes: ['PARTNER-7KQ2', 'PARTNER-M3XD'] }),
    );
    expect(calls[0]).toMatchObject({ url: `/events/${eventId}/discount-codes/generate` });
    expect(calls[0]?.data).toMatchObject({ prefix: 'PARTNER-', count: 2, value: 15 });
  });
});
