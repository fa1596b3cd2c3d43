// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventMessages } from '#contract/attendee-messages.ts';
import type { Event } from '#contract/events.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { MessageComposer } from './message-composer.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';
const event = {
  id: eventId,
  title: 'Spring Social',
  timezone: 'Europe/London',
  ticketTypes: [
    { id: standard, name: 'Standard' },
    { id: vip, name: 'Backstage' },
  ],
} as unknown as Event;
const info: Pick<EventMessages, 'allowance' | 'approval' | 'replyTo'> = {
  allowance: { perHour: 5, perDay: 20, leftThisHour: 3, leftToday: 18 },
  approval: { required: false, reason: null },
  replyTo: 'boxoffice@example.test',
};

/** An API that answers each call through `answer` and keeps what was asked. */
function recording(answer: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    return (await answer(config)) as T;
  };
  return { api, calls };
}

/** Writes into a textarea as a person would (the screen helper's `enter` takes inputs and selects). */
function write(area: HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

const countsOf = (config: AxiosRequestConfig) => {
  const { audience } = config.data as { audience: { ticketTypeIds: string[] } };
  return audience.ticketTypeIds.length === 0 ? { people: 12, tickets: 14 } : { people: 3, tickets: 4 };
};

function composer(api: ApiCaller) {
  const sent = vi.fn();
  const { container } = renderScreen(
    <MessageComposer event={event} questions={[]} info={info} onSent={sent} onCancel={() => {}} />,
    { api },
  );
  const button = (text: string) =>
    [...container.querySelectorAll('button')].find((one) => one.textContent?.trim() === text) as HTMLButtonElement;
  const radio = (label: string) =>
    [...container.querySelectorAll('label')]
      .find((one) => one.textContent?.trim() === label)
      ?.querySelector('input') as HTMLInputElement;
  return { container, sent, button, radio, field: (label: string) => fieldLabelled(container, label) };
}

describe('the message composer', () => {
  it('counts the reach once the audience settles, not on each click', async () => {
    const { api, calls } = recording((config) => countsOf(config));
    const screen = composer(api);
    await vi.waitFor(() => expect(screen.container.textContent).toContain('Reaches 12 people (14 tickets)'));
    screen.radio('Holders of chosen ticket types').click();
    await vi.waitFor(() => screen.radio('Standard'));
    screen.radio('Backstage').click();
    screen.radio('Standard').click();
    await vi.waitFor(() => expect(screen.container.textContent).toContain('Reaches 3 people (4 tickets)'));
    const counts = calls.filter((call) => call.url?.endsWith('/messages/audience'));
    expect(counts.map((call) => (call.data as { audience: { ticketTypeIds: string[] } }).audience.ticketTypeIds)).toEqual([
      [],
      [vip, standard],
    ]);
  });

  it('sends a test to its writer and says where it went, without sending the message', async () => {
    const { api, calls } = recording((config) =>
      config.url?.endsWith('/test')
        ? { message: 'A test is on its way to sam@example.test.', data: { to: 'sam@example.test' } }
        : countsOf(config),
    );
    const screen = composer(api);
    await vi.waitFor(() => screen.field('Subject'));
    screen.button('Send a test to me').click();
    await vi.waitFor(() => expect(screen.container.textContent).toContain('Give the message a subject.'));
    expect(calls.some((call) => call.url?.endsWith('/test'))).toBe(false);
    enter(screen.field('Subject'), 'Doors at seven');
    write(fieldLabelled<HTMLTextAreaElement>(screen.container, 'Message'), 'See you **there**.');
    await vi.waitFor(() => expect(screen.container.querySelector('strong')?.textContent).toBe('there'));
    screen.button('Send a test to me').click();
    await vi.waitFor(() => expect(screen.container.textContent).toContain('A test is on its way to sam@example.test.'));
    expect(calls.find((call) => call.url?.endsWith('/test'))?.data).toEqual({
      subject: 'Doors at seven',
      body: 'See you **there**.',
      audience: { ticketTypeIds: [], checkIn: 'any', answer: null },
    });
    expect(screen.sent).not.toHaveBeenCalled();
  });

  it('hands on the server’s sentence once sent, and shows a refused field at the field', async () => {
    let refuse = true;
    const { api, calls } = recording((config) => {
      if (config.method !== 'POST' || config.url?.endsWith('/audience')) return countsOf(config);
      if (refuse) {
        refuse = false;
        const message = 'Pick a time from now to 90 days ahead.';
        throw Object.assign(new Error(message), {
          isAxiosError: true,
          response: { status: 400, data: { httpStatus: 'BAD_REQUEST', message, errors: [{ path: 'body.sendAt', message }] } },
        });
      }
      return { message: 'Scheduled.', data: { id: 'm1', status: 'scheduled' } };
    });
    const screen = composer(api);
    await vi.waitFor(() => screen.field('Subject'));
    enter(screen.field('Subject'), 'Doors at seven');
    write(fieldLabelled<HTMLTextAreaElement>(screen.container, 'Message'), 'See you there.');
    screen.radio('At a set time').click();
    await vi.waitFor(() => screen.field('Send it at'));
    expect(screen.button('Schedule')).toBeTruthy();
    enter(screen.field('Send it at'), '2020-01-01T10:00');
    screen.button('Schedule').click();
    await vi.waitFor(() => expect(screen.field('Send it at').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.container.textContent).toContain('Pick a time from now to 90 days ahead.');
    enter(screen.field('Send it at'), '2030-06-14T19:30');
    screen.button('Schedule').click();
    await vi.waitFor(() => expect(screen.sent).toHaveBeenCalledWith('Scheduled.', { id: 'm1', status: 'scheduled' }));
    expect(calls.filter((call) => call.url === `/events/${eventId}/messages`).at(-1)?.data).toMatchObject({
      sendAt: '2030-06-14T19:30:00+01:00',
    });
  });
});
