import {
  type CheckoutQuestions,
  type EventQuestions,
  type Question,
  type QuestionFields,
  type QuestionSettings,
  questionLimits,
  questionProblems,
} from '../../../src/contract/questions.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { toCheckoutQuestion } from '../../lib/checkout-questions.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { memberRoleOf, requirePermission } from '../organizations/organizations.service.ts';
import {
  deleteExpiredAnswers,
  deleteUnanswered,
  eventOfQuestions,
  findQuestion,
  insertQuestion,
  liveCount,
  liveQuestions,
  lockEventForQuestions,
  type QuestionValues,
  type QuestionWithAnswers,
  reportQuestions,
  saveSettings,
  setPositions,
  settingsOf,
  ticketTypeIdsOf,
  updateQuestion,
} from './questions.repository.ts';

// What an organiser asks buyers at checkout (decision 064): the owners and managers of the event's organisation
// (events.edit) keep the questions; buyers read the live ones of an event on sale.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The event, for the members who may edit it; others get 403 or 404. */
async function eventForEditor(db: Db, eventId: string, userId: string) {
  const event = await eventOfQuestions(db, eventId);
  if (!event) throw notFound('That event');
  await requirePermission(db, event.organization_id, userId, 'events.edit', 'That event');
  return event;
}

function toQuestion(row: QuestionWithAnswers): Question {
  return {
    id: row.id,
    label: row.label,
    help: row.help,
    kind: row.kind,
    scope: row.scope,
    required: row.required,
    options: row.options,
    ticketTypeIds: row.ticket_type_ids,
    showAtDoor: row.show_at_door,
    position: row.position,
    answers: Number(row.answers),
  };
}

const fieldError = (path: string, message: string) => new HttpError('BAD_REQUEST', message, [{ path: `body.${path}`, message }]);

/** The question's settings checked, also against the event's ticket types, as the columns they are kept in. */
async function checkedValues(db: Db, eventId: string, input: QuestionFields): Promise<QuestionValues> {
  const problems = questionProblems(input);
  const [first] = problems;
  if (first) {
    const errors = problems.map((problem) => ({ path: `body.${problem.path}`, message: problem.message }));
    throw new HttpError('BAD_REQUEST', first.message, errors);
  }
  const known = new Set(await ticketTypeIdsOf(db, eventId));
  if (input.ticketTypeIds.some((id) => !known.has(id))) throw fieldError('ticketTypeIds', 'Choose ticket types of this event.');
  return {
    label: input.label,
    help: input.help,
    kind: input.kind,
    scope: input.scope,
    required: input.required,
    options: input.options,
    ticket_type_ids: [...new Set(input.ticketTypeIds)],
    show_at_door: input.showAtDoor,
  };
}

const audit = (db: Executor, userId: string, action: string, subjectId: string | null, details: Record<string, unknown>) =>
  recordAudit(db, { actorId: userId, action: `event_question.${action}`, subjectType: 'event_question', subjectId, details });

async function eventQuestions(db: Db, eventId: string): Promise<EventQuestions> {
  const [rows, [settings]] = await Promise.all([liveQuestions(db, eventId), settingsOf(db, [eventId])]);
  return {
    questions: rows.map(toQuestion),
    settings: {
      answersEditableUntil: iso(settings?.answers_editable_until ?? null),
      answersKeptDays: settings?.answers_kept_days ?? null,
    },
  };
}

export async function listQuestions(db: Db, userId: string, eventId: string): Promise<EventQuestions> {
  await eventForEditor(db, eventId, userId);
  return eventQuestions(db, eventId);
}

export async function createQuestion(db: Db, userId: string, eventId: string, input: QuestionFields): Promise<Question> {
  await eventForEditor(db, eventId, userId);
  const values = await checkedValues(db, eventId, input);
  return db.transaction().execute(async (trx) => {
    await lockEventForQuestions(trx, eventId);
    const { count, next } = await liveCount(trx, eventId);
    if (count >= questionLimits.questions) {
      throw new HttpError('CONFLICT', `An event asks at most ${questionLimits.questions} questions: remove one to add another.`);
    }
    const row = await insertQuestion(trx, { ...values, event_id: eventId, position: next });
    await audit(trx, userId, 'created', row.id, { eventId, label: row.label, kind: row.kind, scope: row.scope });
    return toQuestion({ ...row, answers: 0 });
  });
}

/** A live question of the event, for its editors; archived or another event's: 404. */
async function questionOfEvent(db: Db, userId: string, eventId: string, questionId: string) {
  await eventForEditor(db, eventId, userId);
  const row = await findQuestion(db, questionId);
  if (!row || row.event_id !== eventId || row.archived_at !== null) throw notFound('That question');
  return row;
}

export async function changeQuestion(
  db: Db,
  userId: string,
  eventId: string,
  questionId: string,
  input: QuestionFields,
): Promise<Question> {
  const row = await questionOfEvent(db, userId, eventId, questionId);
  const values = await checkedValues(db, eventId, input);
  await db.transaction().execute(async (trx) => {
    await lockEventForQuestions(trx, eventId);
    await updateQuestion(trx, questionId, values);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key as keyof typeof row])),
    );
    await audit(trx, userId, 'changed', questionId, { eventId, label: row.label, changed });
  });
  return toQuestion((await findQuestion(db, questionId)) as QuestionWithAnswers);
}

/** Buyers stop seeing the question: one without answers is deleted, one with answers archived so they stay readable. */
export async function removeQuestion(
  db: Db,
  userId: string,
  eventId: string,
  questionId: string,
): Promise<{ archived: boolean }> {
  const row = await questionOfEvent(db, userId, eventId, questionId);
  return db.transaction().execute(async (trx) => {
    await lockEventForQuestions(trx, eventId);
    const deleted = await deleteUnanswered(trx, questionId);
    if (!deleted) await updateQuestion(trx, questionId, { archived_at: new Date() } as Partial<QuestionValues>);
    await audit(trx, userId, deleted ? 'deleted' : 'archived', questionId, { eventId, label: row.label });
    return { archived: !deleted };
  });
}

export async function reorderQuestions(db: Db, userId: string, eventId: string, questionIds: string[]): Promise<EventQuestions> {
  await eventForEditor(db, eventId, userId);
  const live = (await liveQuestions(db, eventId)).map((row) => row.id);
  const given = new Set(questionIds);
  if (given.size !== questionIds.length || live.length !== questionIds.length || live.some((id) => !given.has(id))) {
    throw fieldError('questionIds', 'Give every question of the event once, in the order buyers should see them.');
  }
  await db.transaction().execute(async (trx) => {
    await lockEventForQuestions(trx, eventId);
    await setPositions(trx, eventId, questionIds);
    await audit(trx, userId, 'reordered', null, { eventId, questionIds });
  });
  return eventQuestions(db, eventId);
}

export async function saveQuestionSettings(
  db: Db,
  userId: string,
  eventId: string,
  input: QuestionSettings,
): Promise<EventQuestions> {
  await eventForEditor(db, eventId, userId);
  await db.transaction().execute(async (trx) => {
    await lockEventForQuestions(trx, eventId);
    await saveSettings(trx, eventId, input);
    await audit(trx, userId, 'settings_changed', null, { eventId, ...input });
  });
  return eventQuestions(db, eventId);
}

/**
 * The questions a buyer of the event is asked, with until when answers may be corrected. The event page's rule: an
 * unknown event, or a draft for anyone outside its organisation, is not found.
 */
export async function checkoutQuestions(db: Db, eventId: string, userId: string | null): Promise<CheckoutQuestions> {
  const event = await eventOfQuestions(db, eventId);
  if (!event) throw notFound('That event');
  if (event.status === 'draft' && !(userId && (await memberRoleOf(db, event.organization_id, userId)))) {
    throw notFound('That event');
  }
  const { questions, settings } = await eventQuestions(db, eventId);
  return {
    questions: questions.map((question) => toCheckoutQuestion({ ...question, ticket_type_ids: question.ticketTypeIds })),
    answersEditableUntil: settings.answersEditableUntil,
  };
}

/** The event's questions its reports show: the live ones, then archived ones that have answers. */
export function reportQuestionsOf(db: Executor, eventId: string) {
  return reportQuestions(db, eventId);
}

/** The organisers' rule on keeping answers: those of events ended longer ago than they keep them are deleted. */
export async function pruneExpiredAnswers(db: Db): Promise<number> {
  return deleteExpiredAnswers(db);
}
