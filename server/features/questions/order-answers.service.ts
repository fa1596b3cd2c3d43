import type { CompiledQuery } from 'kysely';
import {
  type AnswerInput,
  type AnswerLine,
  type AnswerSlot,
  type AnswerValue,
  type AskedQuestion,
  answerText,
  type CheckoutQuestion,
  checkAnswers,
  type OrderAnswer,
} from '../../../src/contract/questions.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { askedQuestionsQuery, toCheckoutQuestion } from '../../lib/checkout-questions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { inEventTime } from '../../lib/mail/templates.ts';
import {
  type AnswerRow,
  answersOf,
  answersToQuestion,
  deleteAnswersOf,
  doorAnswersOfOrders,
  eventOfQuestions,
  findQuestion,
  insertAnswersQuery,
  type NewAnswer,
  settingsOf,
} from './questions.repository.ts';

// An order's answers (decision 064): checked when the order is placed against the questions it was asked, and kept
// with those questions as they were, so a question changed later leaves old answers readable. The orders domain
// writes them in the order's own transaction with the statement made here, and shows them with the order.

/** An answer to keep: its question as asked, the ticket's position (null: the order's), the value. */
export type KeptAnswer = { slot: AnswerSlot; value: AnswerValue };

/** The answers of an order of these lines, checked: the ones to keep, or a 400 naming each problem's answer. */
export function checkedOrderAnswers(
  questions: readonly CheckoutQuestion[],
  lines: readonly AnswerLine[],
  answers: readonly AnswerInput[] | undefined,
): KeptAnswer[] {
  if (questions.length === 0 && (answers ?? []).length === 0) return [];
  const checked = checkAnswers(questions, lines, answers ?? []);
  const [first] = checked.problems;
  if (first) throw new HttpError('BAD_REQUEST', first.message, checked.problems);
  return checked.answers;
}

const snapshotOf = ({ label, help, kind, scope, required, options, ticketTypeIds }: AskedQuestion): AskedQuestion => ({
  label,
  help,
  kind,
  scope,
  required,
  options,
  ticketTypeIds,
});

const answerRows = (orderId: string, answers: readonly KeptAnswer[]): NewAnswer[] =>
  answers.map(({ slot, value }) => ({
    order_id: orderId,
    question_id: slot.question.id,
    position: slot.position,
    question: JSON.stringify(snapshotOf(slot.question)),
    value: JSON.stringify(value),
  }));

/** The statement that writes an order's answers in its transaction; null when it has none. */
export function answersInsertQuery(db: Db, orderId: string, answers: readonly KeptAnswer[]): CompiledQuery | null {
  return answers.length === 0 ? null : insertAnswersQuery(db, answerRows(orderId, answers));
}

/** Answers as the order keeps them, for the views built from what was just written. */
export function keptAnswersView(answers: readonly KeptAnswer[]): OrderAnswer[] {
  return answers.map(({ slot, value }) => ({
    questionId: slot.question.id,
    position: slot.position,
    label: slot.question.label,
    kind: slot.question.kind,
    value,
    text: answerText(slot.question.kind, value),
  }));
}

const toOrderAnswer = (row: AnswerRow): OrderAnswer => ({
  questionId: row.question_id,
  position: row.position,
  label: row.question.label,
  kind: row.question.kind,
  value: row.value,
  text: answerText(row.question.kind, row.value),
});

export interface OrderAnswers {
  answers: OrderAnswer[];
  answersEditableUntil: string | null;
}

/**
 * The answers of these orders (two queries however many orders), by order id. `doorOnly`: only the answers of
 * questions shown at the door, for door staff.
 */
export async function orderAnswersOf(
  db: Executor,
  orders: readonly { id: string; event_id: string }[],
  options: { doorOnly?: boolean } = {},
): Promise<Map<string, OrderAnswers>> {
  const [rows, settings] = await Promise.all([
    answersOf(
      db,
      orders.map((order) => order.id),
    ),
    settingsOf(db, [...new Set(orders.map((order) => order.event_id))]),
  ]);
  const until = new Map(settings.map((row) => [row.event_id, row.answers_editable_until]));
  const result = new Map<string, OrderAnswers>();
  for (const order of orders) {
    const editable = until.get(order.event_id) ?? null;
    result.set(order.id, { answers: [], answersEditableUntil: editable ? new Date(editable).toISOString() : null });
  }
  for (const row of rows) {
    if (options.doorOnly && !row.show_at_door) continue;
    result.get(row.order_id)?.answers.push(toOrderAnswer(row));
  }
  return result;
}

/**
 * The questions an order was asked: each answered one as it was asked, and the live questions of its event made
 * before the order that it left unanswered (then optional, or they would have been answered) as they are now.
 */
async function questionsAsked(db: Db, order: { id: string; event_id: string; created_at: Date | string }) {
  const [answered, live] = await Promise.all([
    answersOf(db, [order.id]),
    askedQuestionsQuery(db, order.event_id).select('created_at').execute(),
  ]);
  const asked = new Map<string, CheckoutQuestion>();
  for (const row of answered) asked.set(row.question_id, { ...row.question, id: row.question_id });
  const placedAt = new Date(order.created_at).getTime();
  for (const row of live) {
    if (!asked.has(row.id) && new Date(row.created_at).getTime() <= placedAt) {
      asked.set(row.id, { ...toCheckoutQuestion(row), required: false });
    }
  }
  return [...asked.values()];
}

/**
 * The buyer corrects their order's answers until the event's deadline: checked against the questions as they were
 * asked, and written in place of the order's answers in one transaction.
 */
export async function correctOrderAnswers(
  db: Db,
  order: { id: string; event_id: string; created_at: Date | string },
  lines: readonly AnswerLine[],
  answers: readonly AnswerInput[],
  actorId: string | null,
): Promise<void> {
  const [event, [settings]] = await Promise.all([eventOfQuestions(db, order.event_id), settingsOf(db, [order.event_id])]);
  const until = settings?.answers_editable_until ?? null;
  if (!until) throw new HttpError('CONFLICT', 'Answers to this event’s questions cannot be changed after booking.');
  if (new Date(until) <= new Date()) {
    const at = inEventTime(until, event?.timezone ?? 'UTC');
    throw new HttpError('CONFLICT', `Answers to this event’s questions could be changed until ${at}.`);
  }
  const kept = checkedOrderAnswers(await questionsAsked(db, order), lines, answers);
  await db.transaction().execute(async (trx) => {
    await deleteAnswersOf(trx, [order.id]);
    const insert = answersInsertQuery(db, order.id, kept);
    if (insert) await trx.executeQuery(insert);
    // What changed is not written down: answers are the buyer's, kept out of logs and trails.
    await recordAudit(trx, {
      actorId,
      action: 'order.answers_changed',
      subjectType: 'order',
      subjectId: order.id,
      details: { answers: kept.length },
    });
  });
}

/** Removes the answers of these orders (with the rest of their buyers' personal data). */
export async function removeOrderAnswers(db: Executor, orderIds: string[]): Promise<void> {
  if (orderIds.length > 0) await deleteAnswersOf(db, orderIds);
}

/**
 * One question's answers for the door list: only a question of the event shown at the door (door staff see no other
 * answers). A ticket's answer is its own, or its order's for a question asked once per order.
 */
export async function doorAnswersOf(db: Db, eventId: string, questionId: string) {
  const question = await findQuestion(db, questionId);
  if (!question || question.event_id !== eventId || !question.show_at_door) throw notFound('That question');
  const texts = new Map<string, string>();
  for (const row of await answersToQuestion(db, questionId)) {
    texts.set(`${row.order_id}@${row.position ?? ''}`, answerText(row.question.kind, row.value));
  }
  return {
    question: { id: question.id, label: question.label },
    answerOf: (orderId: string, position: number) => texts.get(`${orderId}@${position}`) ?? texts.get(`${orderId}@`) ?? '',
  };
}

/**
 * What door staff see of these tickets' answers: the questions shown at the door only, each ticket's own answers and
 * its order's, as "Label: answer" lines; tickets without any are left out.
 */
export async function doorAnswerTexts(
  db: Executor,
  tickets: readonly { order_id: string; position: number }[],
): Promise<Map<string, string>> {
  const rows = await doorAnswersOfOrders(db, [...new Set(tickets.map((ticket) => ticket.order_id))]);
  const texts = new Map<string, string>();
  if (rows.length === 0) return texts;
  const byOrder = new Map<string, typeof rows>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  for (const ticket of tickets) {
    const lines = (byOrder.get(ticket.order_id) ?? [])
      .filter((row) => row.position === null || row.position === ticket.position)
      .map((row) => `${row.question.label}: ${answerText(row.question.kind, row.value)}`);
    if (lines.length > 0) texts.set(`${ticket.order_id}@${ticket.position}`, lines.join('\n'));
  }
  return texts;
}
