import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundPolicySentence } from '../../src/contract/refund-policy.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const db = () => api.database.db;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const savedPolicy = async (eventId: string) =>
  (await db().selectFrom('events').select('refund_policy').where('id', '=', eventId).executeTakeFirstOrThrow()).refund_policy;

const policies = [
  { kind: 'none' },
  { kind: 'until_before_start', notice: 48, unit: 'hours', fee: { kind: 'percent', percent: 5 } },
  { kind: 'until_before_start', notice: 7, unit: 'days', fee: { kind: 'fixed', amount: 250, currency: 'GBP' } },
  { kind: 'until_before_start', notice: 1, unit: 'days', fee: null },
  { kind: 'custom', text: 'Full refunds if you tell us a week ahead.\nAfter that, swap your ticket with a friend.' },
];

describe('an event’s refund policy', () => {
  it('is null for an event made without one, and the public read says so', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser);
    const read = await inject('GET', `/events/${event.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.refundPolicy).toBeNull();
  });

  it('is set by the owner to each kind, kept, audited, and carried by the public read', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser);
    for (const policy of policies) {
      const response = await inject('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: policy });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.refundPolicy).toEqual(policy);
      expect(await savedPolicy(event.id)).toEqual(policy);
      const read = (await inject('GET', `/events/${event.id}`)).json().data;
      expect(read.refundPolicy).toEqual(policy);
    }
    const log = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_id', '=', event.id)
      .where('action', '=', 'event.changed')
      .execute();
    const details = log.map((entry) => (typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details));
    expect(details.map((entry) => entry.refundPolicy)).toEqual(expect.arrayContaining(policies));
  });

  it('is given when the event is created', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const created = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, { refundPolicy: { kind: 'none' } }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.refundPolicy).toEqual({ kind: 'none' });
  });

  it.each([
    ['negative notice', { kind: 'until_before_start', notice: -1, unit: 'hours' }, 'body.refundPolicy.notice'],
    [
      'a fee over 100%',
      { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'percent', percent: 150 } },
      'body.refundPolicy.fee.percent',
    ],
    ['empty custom text', { kind: 'custom', text: '   ' }, 'body.refundPolicy.text'],
    ['custom text too long', { kind: 'custom', text: 'x'.repeat(1001) }, 'body.refundPolicy.text'],
    [
      'a fixed fee in another currency',
      { kind: 'until_before_start', notice: 2, unit: 'days', fee: { kind: 'fixed', amount: 100, currency: 'EUR' } },
      'body.refundPolicy.fee.currency',
    ],
  ])('refuses %s with 400 at the field, and changes nothing', async (_name, policy, path) => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser);
    await inject('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: { kind: 'none' } });
    const response = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      refundPolicy: policy,
      title: 'Changed title',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await savedPolicy(event.id)).toEqual({ kind: 'none' });
    expect((await inject('GET', `/events/${event.id}`)).json().data.title).toBe('Late Night Jazz at the Docks');
  });

  it('cannot be removed once set: null is refused', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser);
    await inject('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: { kind: 'none' } });
    const response = await inject('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: null });
    expect(response.statusCode).toBe(400);
    expect(await savedPolicy(event.id)).toEqual({ kind: 'none' });
  });

  it('cannot be changed by another organisation or an attendee, as other edits cannot', async () => {
    const owner = await verifiedOrganizer(api.app, db());
    const rival = await verifiedOrganizer(api.app, db(), 'Rival Nights');
    const attendee = await signedInAccount(api.app, db());
    const event = await publishedEvent(api.app, owner);
    for (const bearer of [rival.bearer, attendee.bearer]) {
      const response = await inject('PATCH', `/events/${event.id}`, bearer, { refundPolicy: { kind: 'none' } });
      expect(response.statusCode).toBe(404);
    }
    expect((await inject('PATCH', `/events/${event.id}`, {}, { refundPolicy: { kind: 'none' } })).statusCode).toBe(401);
    expect(await savedPolicy(event.id)).toBeNull();
  });

  it('reads as one sentence with the deadline on the event’s clock', async () => {
    const organiser = await verifiedOrganizer(api.app, db());
    const event = await publishedEvent(api.app, organiser, { timezone: 'America/New_York' });
    const policy = { kind: 'until_before_start', notice: 48, unit: 'hours', fee: { kind: 'percent', percent: 5 } } as const;
    const saved = (await inject('PATCH', `/events/${event.id}`, organiser.bearer, { refundPolicy: policy })).json().data;
    expect(refundPolicySentence(saved.refundPolicy, saved.startsAt, saved.timezone)).toMatch(
      /^Refunds until \w{3} \d{1,2} \w{3}, \d{2}:\d{2} \(New York time\), 48 hours before the start, minus a 5% fee\.$/,
    );
  });
});
