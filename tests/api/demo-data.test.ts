import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/cli/seed.ts';
import { demoPassword } from '../../server/cli/seed-accounts.ts';
import { makeSandboxPayouts } from '../../server/features/payouts/payouts.repository.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A local instance's demo shows the product (issue 35, decision 057): an organiser's money and reports have weeks of
// sales in them, an administrator has an organiser to review, and the organisations have their profiles.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.db, api.config.dataDir, demoPassword, { local: true });
}, 120_000);
afterAll(() => api.close());

async function signIn(email: string) {
  const response = await api.app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { email, password: demoPassword } });
  const { accessToken, user } = response.json().data;
  return { bearer: { authorization: `Bearer ${accessToken}` }, organizationId: user.organizationId as string };
}

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url: `/api${url}`, headers });
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** A report's CSV as rows of cells (the demo's cells hold no commas or quotes where these tests look). */
const csvRows = (body: string) =>
  body
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('a local instance’s demo data', () => {
  it('gives an organiser money in the dashboard, its chart and the payments page: demo sales, not TEST orders', async () => {
    const maya = await signIn('maya@northernlights.demo');
    const dashboard = (await get(`/organizations/${maya.organizationId}/dashboard`, maya.bearer)).json().data;
    const [pounds] = dashboard.money;
    expect(pounds).toMatchObject({ currency: 'GBP' });
    expect(pounds.gross).toBeGreaterThan(500_000);
    expect(pounds.refunds).toBeGreaterThan(0);
    expect(pounds.net).toBeGreaterThan(0);
    expect(dashboard.testOrders).toBe(0);
    // Sales on most of the chart's days, not all on one.
    const days = dashboard.dailySales as Array<{ tickets: number }>;
    expect(days.filter((entry) => entry.tickets > 0).length).toBeGreaterThanOrEqual(10);
    expect(dashboard.pageViews).toBeGreaterThan(0);

    // Its refunds were carried out at once: a demo sale has nothing to send back to a provider.
    const refunds = await api.database.db.selectFrom('refunds').select('status').execute();
    expect(refunds.map((refund) => refund.status)).toEqual(['succeeded', 'succeeded']);

    const payments = (await get(`/organizations/${maya.organizationId}/orders?pageSize=5`, maya.bearer)).json().data;
    expect(payments.total).toBeGreaterThan(100);
    expect(payments.items.every((order: { test: boolean }) => !order.test)).toBe(true);
  });

  it('pays an event’s demo sales out once it has ended, as the sandbox pays out its own', async () => {
    const sam = await signIn('sam@harbourarts.demo');
    const before = (await get(`/organizations/${sam.organizationId}/payouts`, sam.bearer)).json().data;
    expect(before.balances[0]).toMatchObject({ currency: 'GBP', paidOut: 0 });
    expect(before.balances[0].pending).toBeGreaterThan(0);
    await api.database.db
      .updateTable('events')
      .set({ starts_at: new Date(Date.now() - 30 * 3_600_000), ends_at: new Date(Date.now() - 26 * 3_600_000) })
      .where('title', '=', 'The Tempest on the Harbour')
      .execute();
    const [payout] = await makeSandboxPayouts(api.database.db);
    expect(payout).toMatchObject({ organizationId: sam.organizationId, currency: 'GBP' });
    const covered = await api.database.db
      .selectFrom('payout_orders')
      .innerJoin('orders', 'orders.id', 'payout_orders.order_id')
      .select('orders.provider')
      .where('payout_orders.payout_id', '=', payout?.id as string)
      .execute();
    expect(covered.length).toBeGreaterThan(10);
    expect(covered.every((order) => order.provider === 'demo')).toBe(true);
    const after = (await get(`/organizations/${sam.organizationId}/payouts`, sam.bearer)).json().data;
    expect(after.balances[0].paidOut).toBe(payout?.amount);
    expect(after.items).toHaveLength(1);
  });

  it('fills the revenue CSV and the sales reports with rows and totals over the last weeks', async () => {
    const maya = await signIn('maya@northernlights.demo');
    const range = `from=${day(29)}&to=${day(0)}`;
    const revenue = await get(`/organizations/${maya.organizationId}/reports/revenue-summary?${range}`, maya.bearer);
    expect(revenue.statusCode).toBe(200);
    const [header, pounds] = csvRows(revenue.body);
    expect(header).toContain('Gross (paid by buyers)');
    const cell = (name: string) => Number(pounds?.[header?.indexOf(name) ?? -1]);
    expect(pounds?.[0]).toBe('GBP');
    expect(cell('Orders paid')).toBeGreaterThan(100);
    expect(cell('Gross (paid by buyers)')).toBeGreaterThan(5_000);
    expect(cell('Net (yours)')).toBeGreaterThan(0);

    const transactions = await get(`/organizations/${maya.organizationId}/reports/transactions?${range}`, maya.bearer);
    expect(csvRows(transactions.body).length).toBeGreaterThan(200);
    const byDay = (await get(`/organizations/${maya.organizationId}/reports/sales-by-day/rows?${range}`, maya.bearer)).json()
      .data;
    expect(byDay.total).toBeGreaterThanOrEqual(20);
  });

  it('has an organiser waiting for review, with identity documents an administrator can open and approve', async () => {
    const admin = await signIn('admin@admit.demo');
    const waiting = (await get('/admin/organisers?status=pending', admin.bearer)).json().data.items;
    const folk = waiting.find((organiser: { name: string }) => organiser.name === 'Riverside Folk Club');
    expect(folk).toMatchObject({ kycStatus: 'pending', ownerEmail: 'lena@riversidefolk.demo', payoutsEnabled: false });

    const detail = (await get(`/admin/organisers/${folk.id}`, admin.bearer)).json().data;
    expect(detail.verification.details).toMatchObject({ sellerType: 'individual', legalName: 'Lena Marsh', city: 'York' });
    expect(detail.verification.bankAccount).toMatchObject({ status: 'valid' });
    const kinds = detail.verification.documents.map((document: { kind: string }) => document.kind);
    expect(kinds).toContain('identity');
    expect(detail.history.map((entry: { action: string }) => entry.action)).toContain('verification.submitted');
    const [first] = detail.verification.documents;
    const file = await get(`/admin/organisers/${folk.id}/documents/${first.id}`, admin.bearer);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A real case: approving it lets the club sell paid tickets.
    const decided = await api.app.inject({
      method: 'POST',
      url: `/api/admin/organisers/${folk.id}/decision`,
      headers: admin.bearer,
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data.verification).toMatchObject({ status: 'verified', canSellPaidTickets: true });
  });

  it('gives the verified organisations a logo, an About, a city and the identity details they were verified with', async () => {
    for (const email of ['maya@northernlights.demo', 'sam@harbourarts.demo']) {
      const owner = await signIn(email);
      const organisation = (await get(`/organizations/${owner.organizationId}`)).json().data;
      expect(organisation.kycStatus).toBe('verified');
      expect(organisation.description.length).toBeGreaterThan(80);
      expect(organisation.city).toMatch(/^(Manchester|Bristol)$/);
      const logo = await api.app.inject({ method: 'GET', url: organisation.logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');

      const verification = (await get(`/organizations/${owner.organizationId}/verification`, owner.bearer)).json().data;
      expect(verification.details).toMatchObject({ sellerType: 'company', country: 'GB' });
      expect(verification.details.taxId).toBeTruthy();
      expect(verification.documents.length).toBeGreaterThanOrEqual(2);
      expect(verification.decidedAt).not.toBeNull();
    }
  });
});
