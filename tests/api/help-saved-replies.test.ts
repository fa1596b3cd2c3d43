import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;

beforeAll(async () => {
  api = await createTestApi();
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: agent.bearer });

const auditOf = (id: string) =>
  api.database.db.selectFrom('audit_log').select('action').where('subject_id', '=', id).orderBy('created_at').execute();

describe('saved replies', () => {
  it('are added, listed by name, changed and deleted, each in the audit log', async () => {
    const added = await call('POST', '/admin/help/saved-replies', {
      title: '  Refund timing ',
      body: 'Refunds reach your card within 5–10 working days.',
    });
    expect(added.statusCode).toBe(201);
    const [reply] = added.json().data.items;
    expect(reply).toMatchObject({ title: 'Refund timing', body: 'Refunds reach your card within 5–10 working days.' });
    await call('POST', '/admin/help/saved-replies', { title: 'At the door', body: 'Show the QR code on your phone.' });
    const listed = (await call('GET', '/admin/help/saved-replies')).json().data.items;
    expect(listed.map((item: { title: string }) => item.title)).toEqual(['At the door', 'Refund timing']);

    const changed = await call('PUT', `/admin/help/saved-replies/${reply.id}`, {
      title: 'Refund timing',
      body: 'Within 10 days.',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.items.find((item: { id: string }) => item.id === reply.id).body).toBe('Within 10 days.');

    const deleted = await call('DELETE', `/admin/help/saved-replies/${reply.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.items.map((item: { title: string }) => item.title)).toEqual(['At the door']);
    expect((await auditOf(reply.id)).map((row) => row.action)).toEqual([
      'help.saved-reply.create',
      'help.saved-reply.update',
      'help.saved-reply.delete',
    ]);
    // Gone: changing or deleting it again is a 404.
    expect((await call('DELETE', `/admin/help/saved-replies/${reply.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/admin/help/saved-replies/${reply.id}`, { title: 'X y', body: 'Z' })).statusCode).toBe(404);
  });

  it('refuse an empty body, a name too long and a name already used, and change nothing', async () => {
    const before = (await call('GET', '/admin/help/saved-replies')).json().data.items;
    const empty = await call('POST', '/admin/help/saved-replies', { title: 'Empty', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'body.body', message: 'Write your message.' }]);
    const long = await call('POST', '/admin/help/saved-replies', { title: 'x'.repeat(81), body: 'Fine.' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toEqual({ path: 'body.title', message: 'At most 80 characters.' });
    await call('POST', '/admin/help/saved-replies', { title: 'Offline tickets', body: 'Open Bookings once online.' });
    const twice = await call('POST', '/admin/help/saved-replies', { title: 'offline TICKETS', body: 'Another.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([{ path: 'body.title', message: 'Another saved reply already has this name.' }]);
    const after = (await call('GET', '/admin/help/saved-replies')).json().data.items;
    expect(after).toHaveLength(before.length + 1);
  });

  it('two agents adding the same name at once: one is kept, the other told', async () => {
    const body = { title: `Same name ${Date.now()}`, body: 'Hello.' };
    const answers = await Promise.all([
      call('POST', '/admin/help/saved-replies', body),
      call('POST', '/admin/help/saved-replies', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const listed = (await call('GET', '/admin/help/saved-replies')).json().data.items;
    expect(listed.filter((item: { title: string }) => item.title === body.title)).toHaveLength(1);
  });
});
