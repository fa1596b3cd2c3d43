import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpiredAnswers } from '../../server/features/questions/questions.service.ts';
import { eventOnSale, heldOrder, lineAddress, orderBody, paySandbox } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// The organiser's rule on keeping answers (decision 064): deleted that many days after the event ends.

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

let line = 8800;
/** An event on sale with one order question, and a paid order that answered it. */
async function answeredSale() {
  const sale = await eventOnSale(api.app, db());
  const created = await api.app.inject({
    method: 'POST',
    url: `/api/events/${sale.event.id}/questions`,
    headers: sale.organiser.bearer,
    payload: { label: 'Dietary needs', kind: 'short_text', scope: 'order' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const questionId = created.json().data.id as string;
  line += 1;
  const order = await heldOrder(
    api.app,
    {
      ...orderBody(sale.event.id, [{ ticketTypeId: sale.types[0]?.id as string, quantity: 1 }]),
      answers: [{ questionId, position: null, value: 'Vegan' }],
    },
    {},
    lineAddress(line),
  );
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  return { sale, order };
}

const setKeptDays = (sale: Awaited<ReturnType<typeof eventOnSale>>, answersKeptDays: unknown) =>
  api.app.inject({
    method: 'PUT',
    url: `/api/events/${sale.event.id}/question-settings`,
    headers: sale.organiser.bearer,
    payload: { answersEditableUntil: null, answersKeptDays },
  });

const endedDaysAgo = (eventId: string, days: number) =>
  sql`update events set starts_at = now() - make_interval(days => ${days}) - interval '3 hours',
        ends_at = now() - make_interval(days => ${days}) where id = ${eventId}`.execute(db());

const answersOf = (orderId: string) => db().selectFrom('order_answers').select('value').where('order_id', '=', orderId).execute();

describe('keeping answers', () => {
  it('deletes an event’s answers once it ended longer ago than its organiser keeps them, and keeps the others', async () => {
    const expired = await answeredSale();
    const kept = await answeredSale();
    const forever = await answeredSale();
    const saved = await setKeptDays(expired.sale, 2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.settings).toEqual({ answersEditableUntil: null, answersKeptDays: 2 });
    expect((await setKeptDays(kept.sale, 30)).statusCode).toBe(200);
    for (const { sale } of [expired, kept, forever]) await endedDaysAgo(sale.event.id, 3);

    expect(await pruneExpiredAnswers(db())).toBeGreaterThanOrEqual(1);
    expect(await answersOf(expired.order.id)).toEqual([]);
    expect(await answersOf(kept.order.id)).toHaveLength(1);
    expect(await answersOf(forever.order.id)).toHaveLength(1);
    // The order itself stays: only the personal answers go.
    const order = await db().selectFrom('orders').select('status').where('id', '=', expired.order.id).executeTakeFirst();
    expect(order?.status).toBe('paid');
  });

  it('refuses a number of days that is not one, and changes nothing', async () => {
    const { sale } = await answeredSale();
    for (const days of [0, -1, 1.5, 4000, 'ten']) {
      const refused = await setKeptDays(sale, days);
      expect(refused.statusCode, String(days)).toBe(400);
      expect(refused.json().errors[0].path).toBe('body.answersKeptDays');
    }
    const settings = await db()
      .selectFrom('event_question_settings')
      .select('answers_kept_days')
      .where('event_id', '=', sale.event.id)
      .executeTakeFirst();
    expect(settings?.answers_kept_days ?? null).toBeNull();
  });
});
