// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTicketsQuerySchema } from '#contract/admin-sales.ts';
import { generateEventKeyPair, signTicketCode } from '#contract/ticket-code.ts';
import { answering, clearScreen, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { Component } from './admin-tickets.tsx';

afterEach(clearScreen);

const api = answering({
  '/admin/access': { permissions: ['tickets.void'] },
  '/admin/tickets': { items: [], next: null },
});

describe('/admin/tickets', () => {
  it('takes a whole ticket code pasted into its search, as long as the API accepts', async () => {
    const keys = await generateEventKeyPair();
    const code = await signTicketCode(keys.privateKey, {
      version: 1,
      ticketId: '7d6a4f0e-2c1b-4e8a-9f3d-5b6c7d8e9f01',
      eventId: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
      ticketTypeId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
      validFrom: new Date('2026-05-01T10:00:00Z'),
      validUntil: new Date('2026-06-21T04:00:00Z'),
    });
    const { container } = renderScreen(<Component />, { api, path: '/admin/tickets' });
    await vi.waitFor(() => fieldLabelled(container, 'Find a ticket'));
    const search = fieldLabelled(container, 'Find a ticket');

    expect(code.length).toBeGreaterThan(100);
    expect(search.maxLength).toBeGreaterThanOrEqual(code.length);
    // No longer than the API takes either: the browser stops there rather than the server refusing the search.
    expect(adminTicketsQuerySchema.safeParse({ q: 'x'.repeat(search.maxLength) }).success).toBe(true);
    expect(adminTicketsQuerySchema.safeParse({ q: 'x'.repeat(search.maxLength + 1) }).success).toBe(false);
  });
});
