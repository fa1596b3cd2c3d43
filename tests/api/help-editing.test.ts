import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Agents edit the help desk's categories and articles: every category listed for them, each change audited.

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;

beforeAll(async () => {
  api = await createTestApi();
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers: agent.bearer });

const audit = (action: string) =>
  api.database.db.selectFrom('audit_log').select(['actor_id', 'details']).where('action', '=', action).execute();

describe('editing help categories and articles', () => {
  it('lists a new category before it has a published article, with its article count', async () => {
    const saved = await call('PUT', '/admin/help/categories', {
      slug: 'gift-cards',
      title: 'Gift cards',
      summary: 'Buying and redeeming them.',
      firstReplyHours: 12,
    });
    expect(saved.statusCode).toBe(200);
    const listed = (await call('GET', '/admin/help/categories')).json().data.items;
    expect(listed.find((item: { slug: string }) => item.slug === 'gift-cards')).toEqual({
      slug: 'gift-cards',
      title: 'Gift cards',
      summary: 'Buying and redeeming them.',
      firstReplyHours: 12,
      articles: 0,
    });
    // Not on the public side until it has a published article.
    const publicSlugs = (await call('GET', '/help/categories')).json().data.items.map((item: { slug: string }) => item.slug);
    expect(publicSlugs).not.toContain('gift-cards');
    expect(await audit('help.category.save')).toEqual([
      { actor_id: agent.authId, details: { slug: 'gift-cards', title: 'Gift cards', firstReplyHours: 12 } },
    ]);
  });

  it('writes a draft, publishes it and unpublishes it, each in the audit log', async () => {
    const body = {
      categorySlug: 'gift-cards',
      slug: 'redeem-a-gift-card',
      title: 'How do I redeem a gift card?',
      summary: 'At checkout.',
      body: 'Enter the card code at checkout.',
      status: 'draft',
    };
    const created = await call('POST', '/admin/help/articles', body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await call('GET', '/help/articles/redeem-a-gift-card')).statusCode).toBe(404);
    expect((await call('PUT', `/admin/help/articles/${id}`, { ...body, status: 'published' })).statusCode).toBe(200);
    expect((await call('GET', '/help/articles/redeem-a-gift-card')).statusCode).toBe(200);
    expect((await call('PUT', `/admin/help/articles/${id}`, { ...body, status: 'draft' })).statusCode).toBe(200);
    expect((await call('GET', '/help/articles/redeem-a-gift-card')).statusCode).toBe(404);
    const actions = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['help.article.create', 'help.article.publish', 'help.article.unpublish']);
    const categories = (await call('GET', '/admin/help/categories')).json().data.items;
    expect(categories.find((item: { slug: string }) => item.slug === 'gift-cards').articles).toBe(1);
  });

  it('refuses a category with bad hours or address, with a clear message, and keeps nothing', async () => {
    const before = (await call('GET', '/admin/help/categories')).json().data.items.length;
    const hours = await call('PUT', '/admin/help/categories', { slug: 'x-y', title: 'Xy', summary: '', firstReplyHours: 0 });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().errors).toEqual([{ path: 'body.firstReplyHours', message: 'At least 1 hour.' }]);
    const slug = await call('PUT', '/admin/help/categories', { slug: 'Bad Slug', title: 'Xy', summary: '', firstReplyHours: 4 });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors).toEqual([{ path: 'body.slug', message: 'Use lower-case letters, digits and single hyphens.' }]);
    expect((await call('GET', '/admin/help/categories')).json().data.items).toHaveLength(before);
  });
});
