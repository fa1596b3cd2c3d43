import { type CompiledQuery, type Insertable, type Selectable, sql } from 'kysely';
import type { QuestionSettings } from '../../../src/contract/questions.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { EventQuestionsTable, OrderAnswersTable } from '../../db/types.ts';

// Questions at checkout (migration 0045, decision 064): this domain is the only writer of `event_questions`,
// `event_question_settings` and `order_answers`; orders write their answers with statements made here.

export type QuestionRow = Selectable<EventQuestionsTable>;
export type QuestionValues = Omit<Insertable<EventQuestionsTable>, 'id' | 'event_id' | 'position' | 'created_at'>;
export type NewAnswer = Insertable<OrderAnswersTable>;

/** The event questions belong to: whose it is, whether it is on sale, and its time zone (read from the events' table). */
export function eventOfQuestions(db: Executor, eventId: string) {
  return db
    .selectFrom('events')
    .select(['organization_id', 'status', 'timezone', 'title'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Before an event's questions or their settings change: the event's row, whose sale_version moves (as quotas and
 * waiting lists move it). An order priced with the questions as they were is refused by its own transaction and judged
 * again on a fresh read, so a question just made required is never skipped; changes of one event's questions, and the
 * count of them, follow one another.
 */
export async function lockEventForQuestions(db: Executor, eventId: string): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ sale_version: eb('sale_version', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

/** The ids of the event's ticket types (read from the ticket types' table). */
export async function ticketTypeIdsOf(db: Executor, eventId: string): Promise<string[]> {
  const rows = await db.selectFrom('ticket_types').select('id').where('event_id', '=', eventId).execute();
  return rows.map((row) => row.id);
}

/** Orders that answered the question. */
const answeredBy = sql<number>`(select count(distinct a.order_id)::int from order_answers a where a.question_id = q.id)`;

/** The event's live questions in the order buyers see them, each with the orders that answered it. */
export function liveQuestions(db: Executor, eventId: string) {
  return db
    .selectFrom('event_questions as q')
    .selectAll('q')
    .select(answeredBy.as('answers'))
    .where('q.event_id', '=', eventId)
    .where('q.archived_at', 'is', null)
    .orderBy('q.position')
    .orderBy('q.created_at')
    .execute();
}
export type QuestionWithAnswers = Awaited<ReturnType<typeof liveQuestions>>[number];

export function findQuestion(db: Executor, questionId: string) {
  return db
    .selectFrom('event_questions as q')
    .selectAll('q')
    .select(answeredBy.as('answers'))
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}

/** How many live questions the event has, and the position after the last. */
export async function liveCount(db: Executor, eventId: string): Promise<{ count: number; next: number }> {
  const row = await db
    .selectFrom('event_questions')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(max(position) + 1, 0)::int`.as('next')])
    .where('event_id', '=', eventId)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: row.count, next: row.next };
}

export function insertQuestion(db: Executor, values: Insertable<EventQuestionsTable>) {
  return db.insertInto('event_questions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateQuestion(db: Executor, questionId: string, values: Partial<QuestionValues>) {
  return db
    .updateTable('event_questions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', questionId)
    .execute();
}

/** Deletes a question no order answered; false when one did (it is archived instead). */
export async function deleteUnanswered(db: Executor, questionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('event_questions')
    .where('id', '=', questionId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_answers').select('order_answers.question_id').where('order_answers.question_id', '=', questionId),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The live questions in the given order (the ids are exactly the event's live ones, checked by the caller). */
export function setPositions(db: Executor, eventId: string, ids: string[]) {
  return sql`update event_questions set position = array_position(${ids}::uuid[], id) - 1, updated_at = now()
    where event_id = ${eventId} and archived_at is null and id = any(${ids}::uuid[])`.execute(db);
}

export function settingsOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('event_question_settings').selectAll().where('event_id', 'in', eventIds).execute();
}

export function saveSettings(db: Executor, eventId: string, settings: QuestionSettings) {
  const values = { answers_editable_until: settings.answersEditableUntil, answers_kept_days: settings.answersKeptDays };
  return db
    .insertInto('event_question_settings')
    .values({ event_id: eventId, ...values })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

/** Deletes the answers of events that ended longer ago than their organiser keeps answers; answers how many. */
export async function deleteExpiredAnswers(db: Executor): Promise<number> {
  const result = await sql`delete from order_answers a using orders o, events e, event_question_settings s
    where a.order_id = o.id and o.event_id = e.id and s.event_id = e.id and s.answers_kept_days is not null
      and e.ends_at + make_interval(days => s.answers_kept_days) < now()`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The answers of these orders: the order's first, then each ticket's, each in the organiser's order of questions. */
export function answersOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_answers as a')
    .innerJoin('event_questions as q', 'q.id', 'a.question_id')
    .select(['a.order_id', 'a.question_id', 'a.position', 'a.question', 'a.value', 'q.show_at_door'])
    .where('a.order_id', 'in', orderIds)
    .orderBy('a.order_id')
    .orderBy(sql`coalesce(a.position, -1)`)
    .orderBy('q.position')
    .orderBy('q.created_at')
    .execute();
}
export type AnswerRow = Awaited<ReturnType<typeof answersOf>>[number];

/** Writes an order's answers, in the transaction that places (or corrects) the order. */
export function insertAnswersQuery(db: Db, rows: NewAnswer[]): CompiledQuery {
  return db.insertInto('order_answers').values(rows).compile();
}

export function deleteAnswersOf(db: Executor, orderIds: string[]) {
  return db.deleteFrom('order_answers').where('order_id', 'in', orderIds).execute();
}

/** The event's questions a report shows: the live ones, then archived ones that have answers, in the organiser's order. */
export function reportQuestions(db: Executor, eventId: string) {
  return db
    .selectFrom('event_questions as q')
    .select(['q.id', 'q.label', 'q.kind', 'q.scope', 'q.show_at_door'])
    .where('q.event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb('q.archived_at', 'is', null),
        eb.exists(eb.selectFrom('order_answers as a').select('a.question_id').whereRef('a.question_id', '=', 'q.id')),
      ]),
    )
    .orderBy(sql`q.archived_at is not null`)
    .orderBy('q.position')
    .orderBy('q.created_at')
    .execute();
}

/** Every answer to one question, with the kind it was asked as. */
export function answersToQuestion(db: Executor, questionId: string) {
  return db
    .selectFrom('order_answers')
    .select(['order_id', 'position', 'question', 'value'])
    .where('question_id', '=', questionId)
    .execute();
}

/** The answers of these orders to questions shown at the door, in the organiser's order of questions. */
export async function doorAnswersOfOrders(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const { rows } = await sql<Pick<AnswerRow, 'order_id' | 'position' | 'question' | 'value'>>`
    select a.order_id, a.position, a.question, a.value
      from order_answers a join event_questions q on q.id = a.question_id
     where a.order_id = any(${orderIds}::uuid[]) and q.show_at_door
     order by a.order_id, q.position, q.created_at`.execute(db);
  return rows;
}
