import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeResolvedCases, remindPendingCases } from '../../server/features/helpdesk/case-upkeep.service.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// The agents' queue counts kept by the database, the reminder to a customer a case waits on, and closing cases
// resolved long ago, run by several instances at once.

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.30.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  api.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers, remoteAddress: nextAddress() });

/** A signed-in person's case (open at once) and its id. */
async function raisedCase() {
  const person = await signedInAccount(api.app, api.database.db);
  const raised = await call(
    'POST',
    '/help/cases',
    { categorySlug: 'payments-and-refunds', subject: 'Where is my refund?', description: 'The show was cancelled last week.' },
    person.bearer,
  );
  expect(raised.statusCode).toBe(201);
  return { caseId: raised.json().data.caseId as string, email: person.account.email };
}

const queueCounts = async () => (await call('GET', '/admin/cases?queue=all', undefined, agent.bearer)).json().data.counts;

/** The counts as a scan of every case gives them: what the kept counters must equal. */
async function scannedCounts() {
  const { rows } = await sql<Record<string, number>>`
    select count(*) filter (where state in ('new', 'open', 'pending'))::int as all,
           count(*) filter (where state in ('new', 'open') and assigned_to is null)::int as unassigned,
           count(*) filter (where state in ('new', 'open', 'pending') and assigned_to = ${agent.authId}::uuid)::int as mine,
           count(*) filter (where state = 'pending')::int as waiting,
           count(*) filter (where state in ('new', 'open') and first_replied_at is null and first_reply_due_at < now())::int as overdue
      from help_cases`.execute(api.database.db);
  return rows[0];
}

describe('queue counts', () => {
  it('follow every change of state and assignment, and agree with a scan of every case', async () => {
    const before = await queueCounts();
    const [a, b, c] = [await raisedCase(), await raisedCase(), await raisedCase()];
    expect(await queueCounts()).toEqual({
      ...before,
      all: before.all + 3,
      unassigned: before.unassigned + 3,
    });
    await call('PATCH', `/admin/cases/${a.caseId}`, { assignee: 'me' }, agent.bearer);
    await call(
      'POST',
      `/admin/cases/${b.caseId}/messages`,
      { body: 'Could you send the order number?', internal: false },
      agent.bearer,
    );
    await call('PATCH', `/admin/cases/${c.caseId}`, { state: 'resolved' }, agent.bearer);
    // Overdue: a case past its first-reply target with no reply yet.
    await api.database.db
      .updateTable('help_cases')
      .set({ first_reply_due_at: sql<Date>`now() - interval '1 hour'` as unknown as Date })
      .where('id', '=', a.caseId)
      .execute();
    const after = await queueCounts();
    expect(after).toEqual({
      all: before.all + 2,
      unassigned: before.unassigned,
      mine: before.mine + 1,
      waiting: before.waiting + 1,
      overdue: before.overdue + 1,
    });
    expect(after).toEqual(await scannedCounts());
    await api.database.db.deleteFrom('help_cases').where('id', 'in', [a.caseId, b.caseId]).execute();
    expect(await queueCounts()).toEqual(await scannedCounts());
  });
});

async function mailsTo(email: string) {
  // In the order they were written: without an order, PostgreSQL may return them in any.
  return api.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const history = (caseId: string, action: string) =>
  api.database.db
    .selectFrom('help_case_history')
    .select(['actor', 'detail'])
    .where('case_id', '=', caseId)
    .where('action', '=', action)
    .execute();

describe('the reminder when a case waits on the customer', () => {
  it('is mailed once, after three days, however many instances run at once', async () => {
    const waited = await raisedCase();
    const fresh = await raisedCase();
    for (const { caseId } of [waited, fresh]) {
      const replied = await call(
        'POST',
        `/admin/cases/${caseId}/messages`,
        { body: 'Which event was it?', internal: false },
        agent.bearer,
      );
      expect(replied.statusCode).toBe(201);
    }
    await api.database.db
      .updateTable('help_cases')
      .set({ pending_since: sql<Date>`now() - interval '3 days 1 hour'` as unknown as Date })
      .where('id', '=', waited.caseId)
      .execute();
    const mailsBefore = (await mailsTo(waited.email)).length;

    const runs = await Promise.all([
      remindPendingCases(api.database.db, 'https://admit.example'),
      remindPendingCases(api.database.db, 'https://admit.example'),
      remindPendingCases(api.database.db, 'https://admit.example'),
    ]);
    expect(runs.reduce((sum, reminded) => sum + reminded, 0)).toBe(1);
    const mails = await mailsTo(waited.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toContain('We are waiting for your answer');
    expect(mails.at(-1)?.text_body).toContain('https://admit.example/help-desk/case-details?token=');
    expect(await history(waited.caseId, 'reminded the customer')).toHaveLength(1);
    // Not again on a later run; and the case replied to a moment ago is not reminded.
    expect(await remindPendingCases(api.database.db, 'https://admit.example')).toBe(0);
    expect(await history(fresh.caseId, 'reminded the customer')).toHaveLength(0);

    // A new reply from the agent starts the wait, and its one reminder, afresh.
    await call('POST', `/admin/cases/${waited.caseId}/messages`, { body: 'Any news?', internal: false }, agent.bearer);
    const row = await api.database.db
      .selectFrom('help_cases')
      .select(['reminded_at', 'state'])
      .where('id', '=', waited.caseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reminded_at: null, state: 'pending' });
  });
});

describe('closing resolved cases', () => {
  it('closes those resolved more than 14 days ago, once, however many instances run at once', async () => {
    const old = await raisedCase();
    const recent = await raisedCase();
    for (const { caseId } of [old, recent]) {
      expect((await call('PATCH', `/admin/cases/${caseId}`, { state: 'resolved' }, agent.bearer)).statusCode).toBe(200);
    }
    await api.database.db
      .updateTable('help_cases')
      .set({ resolved_at: sql<Date>`now() - interval '14 days 1 hour'` as unknown as Date })
      .where('id', '=', old.caseId)
      .execute();
    await api.database.db
      .updateTable('help_cases')
      .set({ resolved_at: sql<Date>`now() - interval '13 days'` as unknown as Date })
      .where('id', '=', recent.caseId)
      .execute();

    const runs = await Promise.all([
      closeResolvedCases(api.database.db),
      closeResolvedCases(api.database.db),
      closeResolvedCases(api.database.db),
    ]);
    expect(runs.reduce((sum, closed) => sum + closed, 0)).toBe(1);
    const states = await api.database.db
      .selectFrom('help_cases')
      .select(['id', 'state'])
      .where('id', 'in', [old.caseId, recent.caseId])
      .execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
      [old.caseId]: 'closed',
      [recent.caseId]: 'resolved',
    });
    expect(await history(old.caseId, 'closed the case')).toEqual([{ actor: 'system', detail: 'resolved 14 days ago' }]);
    expect(await closeResolvedCases(api.database.db)).toBe(0);
  });
});
