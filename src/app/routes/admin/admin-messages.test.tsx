// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminMessage } from '#contract/attendee-messages.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, renderScreen } from '#lib/screen.test-helper.tsx';
import { Component } from './admin-messages.tsx';

afterEach(clearScreen);

// jsdom has <dialog> but not its modal behaviour.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const message = (id: string, overrides: Partial<AdminMessage>): AdminMessage => ({
  id,
  eventId: '22222222-2222-4222-8222-222222222222',
  subject: 'Doors at seven',
  body: 'See you **there**.',
  audience: { ticketTypeIds: [], checkIn: 'any', answer: null },
  status: 'sent',
  sendAt: '2026-12-02T14:00:00.000Z',
  createdAt: '2026-12-02T14:00:00.000Z',
  authorName: 'Lena Marsh',
  recipientCount: 40,
  reachNow: null,
  delivery: { sent: 38, bounced: 1, failed: 1, waiting: 0 },
  approvedAt: null,
  stoppedAt: null,
  finishedAt: '2026-12-02T14:10:00.000Z',
  eventTitle: 'Spring Ceilidh',
  organizationId: '11111111-1111-4111-8111-111111111111',
  organizationName: 'Riverside Folk Club',
  organizationVerified: true,
  ...overrides,
});

const waiting = message('66666666-6666-4666-8666-666666666661', {
  subject: 'Win a prize',
  body: 'Click <a href="https://phish.example">here</a> or [claim](javascript:alert(1))',
  status: 'awaiting_approval',
  audience: { ticketTypeIds: ['33333333-3333-4333-8333-333333333333'], checkIn: 'checked_in', answer: null },
  recipientCount: null,
  delivery: { sent: 0, bounced: 0, failed: 0, waiting: 0 },
  finishedAt: null,
  organizationVerified: false,
});
const sent = message('66666666-6666-4666-8666-666666666662', {});

function recording() {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    if (config.url === '/admin/access') return { permissions: ['events.moderate'] } as T;
    if (config.url === '/admin/messages') return { items: [waiting, sent] } as T;
    return { message: 'Approved: it goes to the attendees.', data: { ...waiting, status: 'scheduled' } } as T;
  };
  return { api, calls };
}

describe('/admin/messages', () => {
  it('shows each message’s organisation and trust, its text as text, its audience, status and delivery', async () => {
    const { api } = recording();
    const { container } = renderScreen(<Component />, { api, path: '/admin/messages' });
    await vi.waitFor(() => expect(container.textContent).toContain('Win a prize'));
    const rows = [...container.querySelectorAll('tbody tr')];
    expect(rows[0]?.textContent).toContain('Not verified');
    expect(rows[0]?.textContent).toContain('Waiting for approval');
    expect(rows[0]?.textContent).toContain('Holders of 1 ticket type · checked in');
    expect(rows[0]?.textContent).toContain('Counted when it starts sending');
    expect(rows[0]?.textContent).toContain('<a href="https://phish.example">here</a>');
    expect(rows[0]?.querySelector('a[href^="https://phish"], a[href^="javascript"]')).toBeNull();
    expect(rows[1]?.textContent).toContain('Verified');
    expect(rows[1]?.textContent).toContain('sent 38 · bounced 1 · failed 1 · waiting 0');
  });

  it('approves only a waiting message, and stops one only once asked', async () => {
    const { api, calls } = recording();
    const { container } = renderScreen(<Component />, { api, path: '/admin/messages' });
    await vi.waitFor(() => expect(container.textContent).toContain('Win a prize'));
    const buttons = (text: string) =>
      [...container.querySelectorAll<HTMLButtonElement>('tbody button')].filter((one) =>
        one.textContent?.trim().startsWith(text),
      );
    expect(buttons('Approve')).toHaveLength(1);
    expect(buttons('Stop')).toHaveLength(1);
    buttons('Approve')[0]?.click();
    await vi.waitFor(() => expect(calls.some((call) => call.url?.endsWith('/approval'))).toBe(true));
    expect(calls.find((call) => call.url?.endsWith('/approval'))).toMatchObject({
      method: 'POST',
      url: `/admin/messages/${waiting.id}/approval`,
    });
    buttons('Stop')[0]?.click();
    await vi.waitFor(() => expect(document.querySelector('dialog[open]')?.textContent).toContain('Stop “Win a prize”?'));
    expect(calls.some((call) => call.url?.endsWith('/stop'))).toBe(false);
    const confirm = [...(document.querySelector('dialog[open]')?.querySelectorAll('button') ?? [])].find(
      (one) => one.textContent === 'Stop the message',
    );
    confirm?.click();
    await vi.waitFor(() =>
      expect(calls.find((call) => call.url?.endsWith('/stop'))).toMatchObject({ url: `/admin/messages/${waiting.id}/stop` }),
    );
  });
});
