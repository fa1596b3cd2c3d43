import type { CheckoutQuestion } from '../../src/contract/questions.ts';
import type { Executor } from '../db/database.ts';

// The questions an event asks at checkout (decision 064), as the order path reads them in its sale context's round
// trip. The questions themselves are the questions domain's: it alone writes them and their answers.

/** The event's live questions in the organiser's order, as buyers are asked them. */
export function askedQuestionsQuery(db: Executor, eventId: string) {
  return db
    .selectFrom('event_questions')
    .select(['id', 'label', 'help', 'kind', 'scope', 'required', 'options', 'ticket_type_ids'])
    .where('event_id', '=', eventId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at');
}

export type AskedQuestionRow = Awaited<ReturnType<ReturnType<typeof askedQuestionsQuery>['execute']>>[number];

/** A question as the query (or its JSON) holds it, as buyers are asked it. */
export function toCheckoutQuestion(row: AskedQuestionRow): CheckoutQuestion {
  const { id, label, help, kind, scope, required, options } = row;
  return { id, label, help, kind, scope, required, options, ticketTypeIds: row.ticket_type_ids };
}

/** Until when the event's buyers may correct their answers (no row: not after booking). */
export function answersEditableUntilQuery(db: Executor, eventId: string) {
  return db.selectFrom('event_question_settings').select('answers_editable_until').where('event_id', '=', eventId);
}
