// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WaitingEntryView } from '#contract/waiting-list.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { Component as WaitingListPage } from './waiting-list.tsx';

afterEach(clearScreen);

// jsdom has <dialog> but not its modal behaviour. Dates print without their year in the year they fall in: the page
// is read on a day of that year.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterAll(() => vi.useRealTimers());

const token = 'wl_0123456789abcdefghijklmnop';
const entry: WaitingEntryView = {
  status: 'waiting',
  position: 3,
  email: 'ana@example.test',
  name: 'Ana Guest',
  quantity: 2,
  offeredQuantity: null,
  offerExpiresAt: null,
  orderId: null,
  event: {
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Harbour Lights',
    startsAt: '2026-12-05T19:30:00Z',
    timezone: 'Europe/London',
    venueName: 'Test Hall',
    city: 'Bristol',
  },
  ticketType: { id: '33333333-3333-4333-8333-333333333333', name: 'Standard', price: 2000, currency: 'GBP' },
};

/** An API that records what it is sent and answers each path with `answers[url]` (a function may throw). */
function recording(answers: Record<string, (config: AxiosRequestConfig) => unknown>) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    const answer = answers[config.url ?? ''];
    if (!answer) throw new Error(`No answer for ${config.url}`);
    return answer(config) as T;
  };
  return { api, calls };
}

const text = (container: HTMLElement) => container.textContent?.replace(/\s+/g, ' ') ?? '';

describe('the waiting list page', () => {
  it('confirms the email from the mail’s link, then gives the place in the queue; the secret goes in the body only', async () => {
    const { api, calls } = recording({ '/waiting-list/confirm': () => entry });
    const { container } = renderScreen(<WaitingListPage />, { api, path: `/waiting-list?token=${token}&confirm=1` });
    await vi.waitFor(() => expect(text(container)).toContain('You’re number 3 in the queue'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/waiting-list/confirm', data: { token } });
    expect(calls[0]?.params).toBeUndefined();
    expect(text(container)).toContain('You asked for 2 tickets (Standard, £20.00 each).');
    expect(text(container)).toContain('Harbour Lights');
  });

  it('holds an offer’s places until a time in the event’s zone, with the booking and a way to let them go', async () => {
    const offered = {
      ...entry,
      status: 'offered' as const,
      position: null,
      offeredQuantity: 2,
      offerExpiresAt: '2026-12-03T14:00:00Z',
    };
    const { api } = recording({ '/waiting-list/view': () => offered, '/booking-fee': () => ({ percent: 0, fixed: 0 }) });
    const { container } = renderScreen(<WaitingListPage />, { api, path: `/waiting-list?token=${token}` });
    await vi.waitFor(() => expect(text(container)).toContain('2 × Standard are held for you until Thu 3 Dec, 14:00.'));
    // The booking form comes once the event's questions are known: on a busy machine, after the offer's text.
    const buttons = () => [...container.querySelectorAll('button')].map((button) => button.textContent);
    await vi.waitFor(() => expect(buttons()).toContain('Book these tickets'));
    expect(buttons()).toContain('I don’t want them');
  });

  it('says a lapsed offer passed on, at what time', async () => {
    const lapsed = {
      ...entry,
      status: 'lapsed' as const,
      position: null,
      offeredQuantity: 2,
      offerExpiresAt: '2026-12-03T14:00:00Z',
    };
    const { api } = recording({ '/waiting-list/view': () => lapsed });
    const { container } = renderScreen(<WaitingListPage />, { api, path: `/waiting-list?token=${token}` });
    await vi.waitFor(() =>
      expect(text(container)).toContain('This offer lapsed at Thu 3 Dec, 14:00; the places passed to the next person.'),
    );
  });

  it('asks first when opened from the mail’s leave link, and says the person left', async () => {
    const { api, calls } = recording({
      '/waiting-list/view': () => entry,
      '/waiting-list/leave': () => ({ ...entry, status: 'left', position: null }),
    });
    const { container } = renderScreen(<WaitingListPage />, { api, path: `/waiting-list?token=${token}&leave=1` });
    const dialog = () => container.querySelector('dialog');
    await vi.waitFor(() => expect(dialog()?.hasAttribute('open')).toBe(true));
    expect(dialog()?.textContent).toContain('Leave the waiting list?');
    const leave = [...(dialog()?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Leave the list');
    leave?.click();
    await vi.waitFor(() => expect(text(container)).toContain('You left the waiting list'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/waiting-list/leave', data: { token } });
  });

  it('says a link that names nothing does not work, and one cut short is not complete', async () => {
    const { api } = recording({
      '/waiting-list/view': () => {
        throw { isAxiosError: true, response: { status: 404, data: { httpStatus: 'NOT_FOUND', message: 'Not found.' } } };
      },
    });
    const { container } = renderScreen(<WaitingListPage />, { api, path: `/waiting-list?token=${token}` });
    await vi.waitFor(() => expect(text(container)).toContain('This link doesn’t work'));
    clearScreen();
    const short = renderScreen(<WaitingListPage />, { api, path: '/waiting-list?token=abc' });
    await vi.waitFor(() => expect(text(short.container)).toContain('This link is not complete'));
  });
});
