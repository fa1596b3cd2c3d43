import { describe, expect, it } from 'vitest';
import type { AttendeeMessage, EventMessages } from '#contract/attendee-messages.ts';
import type { Event } from '#contract/events.ts';
import type { EventQuestions } from '#contract/questions.ts';
import { apiAnswering, organizationId, renderOrganiserPage } from '../member-page.test-helper.ts';

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';
const diet = '55555555-5555-4555-8555-555555555555';

const event = {
  id: eventId,
  title: 'Spring Social',
  status: 'published',
  timezone: 'Europe/London',
  currency: 'GBP',
  organizer: { id: organizationId, name: 'Northern Lights', city: null },
  ticketTypes: [
    { id: standard, name: 'Standard' },
    { id: vip, name: 'Backstage' },
  ],
} as unknown as Event;

const questions: EventQuestions = {
  questions: [
    {
      id: diet,
      label: 'Dietary needs',
      help: '',
      kind: 'one_choice',
      scope: 'attendee',
      required: false,
      options: ['None', 'Vegan'],
      ticketTypeIds: [],
      showAtDoor: false,
      position: 0,
      answers: 3,
    },
  ],
  settings: { answersEditableUntil: null, answersKeptDays: null },
};

const message = (id: string, overrides: Partial<AttendeeMessage>): AttendeeMessage => ({
  id,
  eventId,
  subject: 'Doors at seven',
  body: 'See you **there**.',
  audience: { ticketTypeIds: [], checkIn: 'any', answer: null },
  status: 'sent',
  sendAt: '2026-12-02T14:00:00.000Z',
  createdAt: '2026-12-02T14:00:00.000Z',
  authorName: 'Maya Okafor',
  recipientCount: 1245,
  reachNow: null,
  delivery: { sent: 1203, bounced: 2, failed: 0, waiting: 40 },
  approvedAt: null,
  stoppedAt: null,
  finishedAt: '2026-12-02T14:30:00.000Z',
  ...overrides,
});

const listed: EventMessages = {
  messages: [
    message('66666666-6666-4666-8666-666666666661', {
      subject: 'Backstage <b>tour</b>',
      status: 'awaiting_approval',
      audience: { ticketTypeIds: [vip], checkIn: 'not_checked_in', answer: { questionId: diet, given: true, value: 'Vegan' } },
      recipientCount: null,
      delivery: { sent: 0, bounced: 0, failed: 0, waiting: 0 },
      finishedAt: null,
    }),
    message('66666666-6666-4666-8666-666666666662', {}),
  ],
  allowance: { perHour: 5, perDay: 20, leftThisHour: 3, leftToday: 18 },
  approval: {
    required: true,
    reason: 'Your organisation is not verified yet, so an administrator reads each message before it goes.',
  },
  replyTo: null,
};

/** The API as the page meets it: the event, its messages and its questions. */
const apiInject = apiAnswering({
  [`/api/events/${eventId}`]: event,
  [`/api/events/${eventId}/messages`]: listed,
  [`/api/events/${eventId}/questions`]: questions,
});

async function renderPage(path: string) {
  const { status, html } = await renderOrganiserPage(path, apiInject);
  return { status, text: html.replace(/<!-- -->/g, '') };
}

describe('the messages page of an event', () => {
  it('answers Page Not Found (404) for an address whose event id is not an id', async () => {
    expect((await renderPage('/organizer/events/not-a-uuid/messages')).status).toBe(404);
  });

  it('lists each message with its status in words, audience, reach and delivery in the server’s HTML', async () => {
    const { status, text } = await renderPage(`/organizer/events/${eventId}/messages`);
    expect(status).toBe(200);
    expect(text).toContain('Messages to attendees');
    expect(text).toContain('Backstage &lt;b&gt;tour&lt;/b&gt;');
    expect(text).toContain('Waiting for approval');
    expect(text).toContain('Holders of Backstage · not checked in · answered “Dietary needs”: Vegan');
    expect(text).toContain('Counted when it starts sending');
    expect(text).toContain('1,245 people');
    expect(text).toContain('sent 1,203 · bounced 2 · failed 0 · waiting 40');
    expect(text).toContain('Sent 2 Dec 2026, 14:30');
    expect(text).toContain('You can send 3 more this hour (18 today).');
  });

  it('offers to stop only the messages that have not gone to everyone', async () => {
    const { text } = await renderPage(`/organizer/events/${eventId}/messages`);
    expect(text).toContain('Stop<span class="sr-only"> “Backstage &lt;b&gt;tour&lt;/b&gt;”</span>');
    expect(text).not.toContain('Stop<span class="sr-only"> “Doors at seven”</span>');
    expect(text).toContain('Recipients<span class="sr-only"> of “Doors at seven”</span>');
  });

  it('opens the composer from its address, with where replies go, the rate and why it waits for approval', async () => {
    const { text } = await renderPage(`/organizer/events/${eventId}/messages?compose=everyone`);
    expect(text).toContain('New message');
    expect(text).toContain('Everyone with a ticket');
    expect(text).toMatch(/<input[^>]*type="radio"[^>]*name="audience-types"[^>]*checked=""[^>]*>/);
    expect(text).toContain('Your organisation has no contact email, so people cannot reply to it.');
    expect(text).toContain('You can send 3 more this hour (18 today).');
    expect(text).toContain('Your organisation is not verified yet, so an administrator reads each message before it goes.');
    expect(text).toContain('Send a test to me');
    expect(text).toContain('Send now');
  });
});
