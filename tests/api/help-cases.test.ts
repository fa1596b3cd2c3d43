import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseLimits } from '../../server/features/helpdesk/cases.service.ts';
import { consumeRateLimit } from '../../server/lib/rate-limiter.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventOnSale, heldOrder, orderBody } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;
let addressCounter = 0;
/** Another client address per call, so per-network limits bite only where a test wants them. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  headers: Headers = {},
  remoteAddress = nextAddress(),
) => api.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers, remoteAddress });

let emailCounter = 0;
const guestEmail = () => {
  emailCounter += 1;
  return `guest.${Date.now()}.${emailCounter}@example.test`;
};
const caseBody = (overrides: Record<string, unknown> = {}) => ({
  categorySlug: 'payments-and-refunds',
  subject: 'Refund for a cancelled show',
  description: 'The show was cancelled and I have not seen my refund yet.',
  ...overrides,
});

async function mailsTo(email: string) {
  return api.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
async function linkTokenIn(email: string, index = -1): Promise<string> {
  const mail = (await mailsTo(email)).at(index);
  const token = /case-details\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no case link in the mail to ${email}`);
  return token;
}

/** A guest's case, opened from its first mail: its id and the access the link gave. */
async function guestCase(overrides: Record<string, unknown> = {}) {
  const email = guestEmail();
  const raised = await call('POST', '/help/cases', caseBody({ name: 'Grace Hopper', email, ...overrides }));
  expect(raised.statusCode).toBe(201);
  const opened = await call('POST', '/help/cases/access', { token: await linkTokenIn(email) });
  expect(opened.statusCode).toBe(200);
  const { caseId, accessKey } = opened.json().data as { caseId: string; accessKey: string };
  return { email, caseId, reference: raised.json().data.reference as string, access: { 'x-case-access': accessKey } };
}

describe('raising a case', () => {
  it('as a guest: the case opens only from the mailed link, which works once', async () => {
    const email = guestEmail();
    const raised = await call('POST', '/help/cases', caseBody({ name: 'Grace Hopper', email: email.toUpperCase() }));
    expect(raised.statusCode).toBe(201);
    const { reference, caseId } = raised.json().data;
    expect(reference).toMatch(/^HD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(caseId).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain(reference);
    expect(mail?.text_body).toContain('https://admit.example/help-desk/case-details?token=');

    // Not yet proven: agents do not see it.
    const queue = (await call('GET', '/admin/cases?queue=all', undefined, agent.bearer)).json().data.items;
    expect(queue.map((row: { reference: string }) => row.reference)).not.toContain(reference);

    const token = await linkTokenIn(email);
    const opened = await call('POST', '/help/cases/access', { token });
    expect(opened.statusCode).toBe(200);
    const { caseId: openedId, accessKey } = opened.json().data;
    const view = await call('GET', `/help/cases/${openedId}`, undefined, { 'x-case-access': accessKey });
    expect(view.json().data).toMatchObject({ reference, state: 'new', canReply: true });
    // The same link again, as a forwarded mail would be used: refused.
    const again = await call('POST', '/help/cases/access', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('expired or has already been used');
  });

  it('signed in: opens at once, linked only to the person’s own order', async () => {
    const person = await signedInAccount(api.app, api.database.db);
    const raised = await call('POST', '/help/cases', caseBody(), person.bearer);
    expect(raised.statusCode).toBe(201);
    const { caseId } = raised.json().data;
    expect((await call('GET', `/help/cases/${caseId}`, undefined, person.bearer)).json().data.state).toBe('new');
    const mine = (await call('GET', '/help/cases/mine', undefined, person.bearer)).json().data.items;
    expect(mine.map((item: { id: string }) => item.id)).toEqual([caseId]);
    expect((await call('GET', '/help/cases/options', undefined, person.bearer)).json().data).toEqual({ orders: [], events: [] });

    const someoneElsesOrder = '00000000-0000-4000-8000-000000000000';
    const refused = await call('POST', '/help/cases', caseBody({ orderId: someoneElsesOrder }), person.bearer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'body.orderId', message: 'Choose one of your own orders.' }]);
  });

  it('signed in, about one of the person’s orders: the agent sees the order, its event and the organisation that runs it', async () => {
    const person = await signedInAccount(api.app, api.database.db);
    const { event, types } = await eventOnSale(api.app, api.database.db);
    const buyer = { name: 'Ada Lovelace', email: person.account.email };
    const ticketTypeId = types[0]?.id as string;
    const order = await heldOrder(api.app, orderBody(event.id, [{ ticketTypeId, quantity: 1 }], buyer), person.bearer);
    const raised = await call('POST', '/help/cases', caseBody({ orderId: order.id }), person.bearer);
    expect(raised.statusCode).toBe(201);
    const seen = (await call('GET', `/admin/cases/${raised.json().data.caseId}`, undefined, agent.bearer)).json().data;
    const organiser = await api.database.db
      .selectFrom('events')
      .innerJoin('organizations', 'organizations.id', 'events.organization_id')
      .select(['organizations.id', 'organizations.name'])
      .where('events.id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(seen.order).toEqual({ id: order.id, reference: order.reference });
    expect(seen.event).toEqual({ id: event.id, title: event.title });
    expect(seen.organisation).toEqual({ id: organiser.id, name: organiser.name });
    expect(seen.requester.userId).toBe(person.authId);
  });

  it('an organiser raises a case about one of their organisation’s events, offered to them; another’s event is refused', async () => {
    const { organiser, event } = await eventOnSale(api.app, api.database.db);
    const other = await eventOnSale(api.app, api.database.db);
    const options = (await call('GET', '/help/cases/options', undefined, organiser.bearer)).json().data;
    expect(options.events.map((item: { id: string }) => item.id)).toEqual([event.id]);
    const raised = await call('POST', '/help/cases', caseBody({ eventId: event.id }), organiser.bearer);
    expect(raised.statusCode).toBe(201);
    const seen = (await call('GET', `/admin/cases/${raised.json().data.caseId}`, undefined, agent.bearer)).json().data;
    expect(seen.event).toEqual({ id: event.id, title: event.title });
    expect(seen.organisation?.id).toBe(organiser.organizationId);
    expect(seen.order).toBeNull();

    const before = await api.database.db
      .selectFrom('help_cases')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await call('POST', '/help/cases', caseBody({ eventId: other.event.id }), organiser.bearer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'body.eventId', message: 'Choose one of your organisation’s events.' }]);
    // A guest cannot name an event at all.
    const guest = await call('POST', '/help/cases', caseBody({ name: 'Grace Hopper', email: guestEmail(), eventId: event.id }));
    expect(guest.statusCode).toBe(400);
    const after = await api.database.db
      .selectFrom('help_cases')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses bad input with a clear message and keeps nothing', async () => {
    const before = await api.database.db.selectFrom('help_cases').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const noEmail = await call('POST', '/help/cases', caseBody({ name: 'Grace' }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors[0].path).toBe('body.email');
    expect(
      (await call('POST', '/help/cases', caseBody({ name: 'G', email: guestEmail(), description: 'short' }))).statusCode,
    ).toBe(400);
    expect((await call('POST', '/help/cases', caseBody({ name: 'G', email: guestEmail(), subject: '' }))).statusCode).toBe(400);
    const tooLong = await call(
      'POST',
      '/help/cases',
      caseBody({ name: 'G', email: guestEmail(), description: 'x'.repeat(5001) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await call('POST', '/help/cases', caseBody({ name: 'G', email: guestEmail(), categorySlug: 'nowhere' }))).statusCode,
    ).toBe(400);
    const after = await api.database.db.selectFrom('help_cases').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers a filled-in bot trap as usual but keeps and mails nothing', async () => {
    const email = guestEmail();
    const trapped = await call('POST', '/help/cases', caseBody({ name: 'Bot', email, website: 'http://spam.example' }));
    expect(trapped.statusCode).toBe(201);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('is limited per network and per email', async () => {
    const address = '10.99.0.1';
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await call('POST', '/help/cases', caseBody({ name: 'G', email: guestEmail() }), {}, address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const email = guestEmail();
    const perEmail: number[] = [];
    for (let index = 0; index < 5; index += 1)
      perEmail.push((await call('POST', '/help/cases', caseBody({ name: 'G', email }))).statusCode);
    expect(perEmail).toEqual([201, 201, 201, 201, 429]);
  });

  it('is limited per account over a day, whichever network and email the account writes from', async () => {
    const person = await signedInAccount(api.app, api.database.db);
    // A day's cases already raised from this account (the hourly per-email limit keeps a test from raising them quickly).
    for (let index = 0; index < caseLimits.raisePerAccount.limit; index += 1) {
      await consumeRateLimit(api.database.db, caseLimits.raisePerAccount, person.authId);
    }
    const refused = await call('POST', '/help/cases', caseBody(), person.bearer);
    expect(refused.statusCode).toBe(429);
    const stranger = await signedInAccount(api.app, api.database.db);
    expect((await call('POST', '/help/cases', caseBody(), stranger.bearer)).statusCode).toBe(201);
  });
});

describe('following a case', () => {
  it('check-status answers the same for a real case, a wrong email and a made-up reference, mailing only the owner', async () => {
    const { email, reference } = await guestCase();
    const mailsBefore = (await mailsTo(email)).length;
    const real = await call('POST', '/help/cases/check-status', { reference, email });
    const wrongEmail = await call('POST', '/help/cases/check-status', { reference, email: guestEmail() });
    const madeUp = await call('POST', '/help/cases/check-status', { reference: 'HD-AAAA-BBBB-CCCC', email });
    for (const response of [real, wrongEmail, madeUp]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(real.json());
    }
    expect((await mailsTo(email)).length).toBe(mailsBefore + 1);
    // Each mail carries its own link.
    expect(await linkTokenIn(email, -1)).not.toBe(await linkTokenIn(email, -2));
  });

  it('check-status is limited per email', async () => {
    const email = guestEmail();
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      statuses.push((await call('POST', '/help/cases/check-status', { reference: 'HD-AAAA-BBBB-CCCC', email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('a link past its expiry opens nothing', async () => {
    const { email, reference } = await guestCase();
    await call('POST', '/help/cases/check-status', { reference, email });
    const token = await linkTokenIn(email);
    await api.database.db
      .updateTable('help_case_access')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'link')
      .where('used_at', 'is', null)
      .execute();
    expect((await call('POST', '/help/cases/access', { token })).statusCode).toBe(404);
  });

  it('another person’s case id, access or session gets 404 on every case route', async () => {
    const mine = await guestCase();
    const theirs = await guestCase();
    const stranger = await signedInAccount(api.app, api.database.db);
    for (const headers of [mine.access, stranger.bearer, {}, { 'x-case-access': 'made-up-access-key-000000000000' }]) {
      expect((await call('GET', `/help/cases/${theirs.caseId}`, undefined, headers)).statusCode).toBe(404);
      expect((await call('POST', `/help/cases/${theirs.caseId}/replies`, { body: 'hello' }, headers)).statusCode).toBe(404);
      expect((await call('POST', `/help/cases/${theirs.caseId}/resolve`, undefined, headers)).statusCode).toBe(404);
    }
    const nobody = '00000000-0000-4000-8000-000000000001';
    expect((await call('GET', `/help/cases/${nobody}`, undefined, mine.access)).statusCode).toBe(404);
  });
});

describe('agents and customers', () => {
  it('a public reply reaches the customer by mail and page; an internal note reaches neither; replies reopen', async () => {
    const { email, caseId, access } = await guestCase();
    const note = await call(
      'POST',
      `/admin/cases/${caseId}/messages`,
      { body: 'Refund stuck at provider', internal: true },
      agent.bearer,
    );
    expect(note.statusCode).toBe(201);
    // A note is no reply: the first reply is still due.
    expect(note.json().data.firstRepliedAt).toBeNull();
    const reply = await call(
      'POST',
      `/admin/cases/${caseId}/messages`,
      { body: 'Your refund is on its way.', internal: false },
      agent.bearer,
    );
    expect(reply.json().data.state).toBe('pending');
    expect(Date.parse(reply.json().data.firstRepliedAt)).toBeGreaterThan(Date.now() - 60_000);

    const seen = (await call('GET', `/help/cases/${caseId}`, undefined, access)).json().data;
    expect(seen.messages.map((m: { body: string }) => m.body)).toEqual([
      'The show was cancelled and I have not seen my refund yet.',
      'Your refund is on its way.',
    ]);
    expect(JSON.stringify(seen)).not.toContain('stuck at provider');
    const mails = await mailsTo(email);
    expect(mails.at(-1)?.text_body).toContain('Your refund is on its way.');
    expect(mails.map((mail) => `${mail.text_body}${mail.html_body}`).join('')).not.toContain('stuck at provider');

    // The customer's reply reopens the pending case; resolving and replying within 14 days reopens it again.
    const answered = await call('POST', `/help/cases/${caseId}/replies`, { body: 'Thanks, still waiting.' }, access);
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data.state).toBe('open');
    expect((await call('POST', `/help/cases/${caseId}/resolve`, undefined, access)).json().data.state).toBe('resolved');
    expect((await call('POST', `/help/cases/${caseId}/replies`, { body: 'It came back.' }, access)).json().data.state).toBe(
      'open',
    );

    // Resolved longer than 14 days ago, or closed: no more replies, and nothing changes.
    await api.database.db
      .updateTable('help_cases')
      .set({ state: 'resolved', resolved_at: new Date(Date.now() - 15 * 86_400_000) })
      .where('id', '=', caseId)
      .execute();
    const late = await call('POST', `/help/cases/${caseId}/replies`, { body: 'Hello again' }, access);
    expect(late.statusCode).toBe(409);
    await call('PATCH', `/admin/cases/${caseId}`, { state: 'closed' }, agent.bearer);
    expect((await call('POST', `/help/cases/${caseId}/replies`, { body: 'Hello?' }, access)).statusCode).toBe(409);
    const detail = (await call('GET', `/admin/cases/${caseId}`, undefined, agent.bearer)).json().data;
    expect(detail.messages.filter((m: { internal: boolean }) => m.internal).length).toBe(1);
    expect(detail.messages.map((m: { body: string }) => m.body)).not.toContain('Hello?');
    expect(detail.history.map((h: { action: string }) => h.action)).toContain('changed the state');
  });

  it('keeps script and HTML in case text as text: escaped in mail, never markup', async () => {
    const { email, caseId } = await guestCase({ subject: '<img src=x onerror=alert(1)>' });
    await call(
      'POST',
      `/admin/cases/${caseId}/messages`,
      { body: '<script>alert(1)</script> [x](javascript:alert(1))', internal: false },
      agent.bearer,
    );
    const html = (await mailsTo(email)).map((mail) => mail.html_body).join('');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });

  it('queues: counts, filters, assignment, overdue and keyset pages by age', async () => {
    const first = await guestCase({ categorySlug: 'door-staff' });
    const second = await guestCase({ categorySlug: 'door-staff' });
    const third = await guestCase({ categorySlug: 'door-staff' });
    await call('PATCH', `/admin/cases/${second.caseId}`, { assignee: 'me' }, agent.bearer);
    await api.database.db
      .updateTable('help_cases')
      .set({ first_reply_due_at: new Date(Date.now() - 60_000) })
      .where('id', '=', third.caseId)
      .execute();
    const queue = async (query: string) => (await call('GET', `/admin/cases?${query}`, undefined, agent.bearer)).json().data;
    const ids = (data: { items: Array<{ id: string }> }) => data.items.map((item) => item.id);

    const doors = await queue('queue=all&category=door-staff&sort=oldest');
    expect(ids(doors)).toEqual([first.caseId, second.caseId, third.caseId]);
    expect(ids(await queue('queue=mine&category=door-staff'))).toEqual([second.caseId]);
    expect(ids(await queue('queue=unassigned&category=door-staff'))).toEqual([first.caseId, third.caseId]);
    expect(ids(await queue('queue=overdue&category=door-staff'))).toEqual([third.caseId]);
    expect(doors.counts.mine).toBeGreaterThanOrEqual(1);
    expect(doors.counts.overdue).toBeGreaterThanOrEqual(1);

    const page1 = await queue('queue=all&category=door-staff&sort=newest&pageSize=2');
    expect(ids(page1)).toEqual([third.caseId, second.caseId]);
    const page2 = await queue(`queue=all&category=door-staff&sort=newest&pageSize=2&cursor=${page1.nextCursor}`);
    expect(ids(page2)).toEqual([first.caseId]);
    expect(page2.nextCursor).toBeNull();

    // A public reply puts the case in "waiting on customer" and out of "overdue".
    await call('POST', `/admin/cases/${third.caseId}/messages`, { body: 'Looking into it.', internal: false }, agent.bearer);
    expect(ids(await queue('queue=waiting&category=door-staff'))).toEqual([third.caseId]);
    expect(ids(await queue('queue=overdue&category=door-staff'))).toEqual([]);
    expect((await call('GET', '/admin/cases?cursor=not-a-cursor', undefined, agent.bearer)).statusCode).toBe(400);
  });

  it('lets only agents work cases', async () => {
    const { caseId, access } = await guestCase();
    const person = await signedInAccount(api.app, api.database.db);
    expect((await call('GET', '/admin/cases', undefined, person.bearer)).statusCode).toBe(403);
    expect((await call('GET', `/admin/cases/${caseId}`, undefined, person.bearer)).statusCode).toBe(403);
    expect((await call('GET', `/admin/cases/${caseId}`, undefined, access)).statusCode).toBe(401);
    expect((await call('POST', `/admin/cases/${caseId}/messages`, { body: 'x', internal: true }, person.bearer)).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `/admin/cases/${caseId}`, { state: 'closed' }, person.bearer)).statusCode).toBe(403);
  });
});
