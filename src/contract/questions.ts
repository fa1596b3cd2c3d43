import { z } from 'zod';
import { countryCodes } from './countries.ts';

// Questions at checkout (decision 064): an organiser asks buyers questions once per order or once per attendee
// (each ticket), for every ticket type or chosen ones. The same checks run in the buyer's form and on the server; the
// server checks an answer against the question as it was when the order was placed, and keeps that question beside
// the answer, so changing a question later leaves old answers readable.

export const questionKinds = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'number',
  'date',
  'email',
  'phone',
  'country',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** What each kind is called in the organiser's editor. */
export const questionKindNames: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  one_choice: 'One choice',
  many_choices: 'Several choices',
  yes_no: 'Yes or no (a box to tick)',
  number: 'Number',
  date: 'Date',
  email: 'Email address',
  phone: 'Phone number',
  country: 'Country',
};

/** order: asked once per order; attendee: asked once per ticket, and the answer belongs to that ticket. */
export const questionScopes = ['order', 'attendee'] as const;
export type QuestionScope = (typeof questionScopes)[number];

const choiceKinds: readonly QuestionKind[] = ['one_choice', 'many_choices'];
export const hasOptions = (kind: QuestionKind) => choiceKinds.includes(kind);

/** Questions one event may ask, and options one question may offer. */
export const questionLimits = { questions: 50, options: 50, shortText: 200, longText: 2000 } as const;

export const questionFieldsSchema = z.object({
  label: z.string().trim().min(1, 'Write the question.').max(200, 'A question has at most 200 characters.'),
  /** A line under the question, e.g. why it is asked. */
  help: z.string().trim().max(500, 'The help text has at most 500 characters.').default(''),
  kind: z.enum(questionKinds, { error: 'Choose what kind of answer the question takes.' }),
  scope: z.enum(questionScopes, { error: 'Choose whether the question is asked once per order or for each ticket.' }),
  /**
   * A required question must be answered before the order is placed; a required yes/no must be ticked (e.g. "I accept
   * the code of conduct"), an optional one may be left unticked.
   */
  required: z.boolean().default(false),
  /** The choices of a one-choice or several-choices question, in the order shown; empty for other kinds. */
  options: z
    .array(z.string().trim().min(1, 'An option cannot be empty.').max(100, 'An option has at most 100 characters.'))
    .max(questionLimits.options, `A question offers at most ${questionLimits.options} options.`)
    .default([]),
  /** The ticket types it is asked for (an order question: asked when the order holds one of them); empty: all. */
  ticketTypeIds: z.array(z.uuid()).max(100).default([]),
  /** The answer shows in the door's attendee search and can be printed on the door list (e.g. "Wheelchair access"). */
  showAtDoor: z.boolean().default(false),
});
export type QuestionFields = z.infer<typeof questionFieldsSchema>;

/** The problems of a question's settings that one field's schema cannot see, each naming its field. */
export function questionProblems(input: QuestionFields): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (hasOptions(input.kind)) {
    if (input.options.length < 2) problems.push({ path: 'options', message: 'Give at least two options to choose from.' });
    const seen = new Set<string>();
    for (const [index, option] of input.options.entries()) {
      const key = option.toLowerCase();
      if (seen.has(key)) problems.push({ path: `options.${index}`, message: `“${option}” is offered twice.` });
      seen.add(key);
    }
  } else if (input.options.length > 0) {
    problems.push({ path: 'options', message: 'Only a one-choice or several-choices question has options.' });
  }
  return problems;
}

/** A question as the organiser manages it. */
export const questionSchema = questionFieldsSchema.extend({
  id: z.uuid(),
  position: z.number().int(),
  /** Orders that answered it: a question with answers is archived, not deleted, so they stay readable. */
  answers: z.number().int(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionParamsSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  questionId: z.uuid('Not a valid question id.'),
});
export const questionOrderSchema = z.object({
  /** Every live question of the event, in the order buyers see them. */
  questionIds: z.array(z.uuid()).max(questionLimits.questions),
});

/**
 * Until when a buyer may correct their answers on their booking page (null: not after the order is placed), and how
 * many days after the event ends its answers are kept before they are deleted (null: as long as their order).
 */
export const questionSettingsSchema = z.object({
  answersEditableUntil: z.iso.datetime({ offset: true }).nullable(),
  answersKeptDays: z
    .number({ error: 'Enter a number of days, or leave it blank.' })
    .int('Enter a whole number of days.')
    .min(1, 'Keep answers at least 1 day after the event, or leave it blank.')
    .max(3650, 'Keep answers at most 3,650 days (ten years), or leave it blank.')
    .nullable()
    .default(null),
});
export type QuestionSettings = z.infer<typeof questionSettingsSchema>;

export const eventQuestionsSchema = z.object({
  questions: z.array(questionSchema),
  settings: questionSettingsSchema,
});
export type EventQuestions = z.infer<typeof eventQuestionsSchema>;

/** A question as a buyer sees it at checkout (and as an answer keeps it). */
export const askedQuestionSchema = questionFieldsSchema.pick({
  label: true,
  help: true,
  kind: true,
  scope: true,
  required: true,
  options: true,
  ticketTypeIds: true,
});
export type AskedQuestion = z.infer<typeof askedQuestionSchema>;

export const checkoutQuestionSchema = askedQuestionSchema.extend({ id: z.uuid() });
export type CheckoutQuestion = z.infer<typeof checkoutQuestionSchema>;
export const checkoutQuestionsSchema = z.object({
  questions: z.array(checkoutQuestionSchema),
  answersEditableUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type CheckoutQuestions = z.infer<typeof checkoutQuestionsSchema>;

/** text kinds, one choice, date (YYYY-MM-DD), email, phone, country (ISO 3166 code): a string; several choices: a list; yes/no: a boolean; number: a number. */
export const answerValueSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.number()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** One answer as a buyer sends it: `position` is the ticket's place in the order (0-based) for an attendee question. */
export const answerInputSchema = z.object({
  questionId: z.uuid('Not a question of this event.'),
  position: z.number().int().min(0).max(99).nullable().default(null),
  value: answerValueSchema.nullable(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;
export const answersInputSchema = z.array(answerInputSchema).max(500, 'Too many answers for one order.');

/** Where one answer goes: its question and, for an attendee question, the ticket's position in the order. */
export const answerKey = (questionId: string, position: number | null) =>
  position === null ? questionId : `${questionId}@${position}`;
/** The path of an answer's problem in a refusal: `body.answers.<answerKey>`. */
export const answerPath = (questionId: string, position: number | null) => `body.answers.${answerKey(questionId, position)}`;

/** An answer as an order keeps it: with the question as it was asked. */
export const orderAnswerSchema = z.object({
  questionId: z.uuid(),
  /** The ticket's position in the order; null for a question asked once per order. */
  position: z.number().int().nullable(),
  label: z.string(),
  kind: z.enum(questionKinds),
  value: answerValueSchema,
  /** The answer in words: "Yes", "Vegetarian, Gluten free", "United Kingdom". */
  text: z.string(),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const orderAnswersInputSchema = z.object({ answers: answersInputSchema });

/**
 * The ticket lines of an order. Its tickets are issued line by line in ticket type id order (as the order's items are
 * read back), so positions run across lines in that order, whatever order the buyer chose them in.
 */
export interface AnswerLine {
  ticketTypeId: string;
  quantity: number;
}

/** One answer a form must show: the question, and the ticket it is for (null: the order). */
export interface AnswerSlot {
  question: CheckoutQuestion;
  position: number | null;
  ticketTypeId: string | null;
}

const appliesTo = (question: AskedQuestion, ticketTypeId: string) =>
  question.ticketTypeIds.length === 0 || question.ticketTypeIds.includes(ticketTypeId);

/** The lines in the order their tickets are issued: by ticket type id, compared as the database compares uuids. */
export const issueOrder = <T extends AnswerLine>(lines: readonly T[]): T[] =>
  [...lines].sort((a, b) => (a.ticketTypeId < b.ticketTypeId ? -1 : a.ticketTypeId > b.ticketTypeId ? 1 : 0));

/** What an order of these lines is asked, in the organiser's order: order questions first, then each ticket's. */
export function answerSlots(questions: readonly CheckoutQuestion[], lines: readonly AnswerLine[]): AnswerSlot[] {
  const slots: AnswerSlot[] = [];
  for (const question of questions) {
    if (question.scope !== 'order') continue;
    if (lines.some((line) => line.quantity > 0 && appliesTo(question, line.ticketTypeId))) {
      slots.push({ question, position: null, ticketTypeId: null });
    }
  }
  let position = 0;
  for (const line of issueOrder(lines)) {
    for (let index = 0; index < line.quantity; index += 1, position += 1) {
      for (const question of questions) {
        if (question.scope === 'attendee' && appliesTo(question, line.ticketTypeId)) {
          slots.push({ question, position, ticketTypeId: line.ticketTypeId });
        }
      }
    }
  }
  return slots;
}

const isEmpty = (value: AnswerValue | null | undefined) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * One answer checked against its question: the value to keep (trimmed, normalised), null for an optional question
 * left blank, or the sentence that says what is wrong.
 */
export function checkAnswer(
  question: AskedQuestion,
  raw: AnswerValue | null | undefined,
): { value: AnswerValue | null } | { error: string } {
  if (isEmpty(raw) || (question.kind === 'yes_no' && raw === false && question.required)) {
    if (!question.required) return { value: question.kind === 'yes_no' && raw === false ? false : null };
    return { error: question.kind === 'yes_no' ? 'Tick the box to go on.' : 'Answer this question.' };
  }
  const value = raw as AnswerValue;
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const limit = question.kind === 'short_text' ? questionLimits.shortText : questionLimits.longText;
      if (typeof value !== 'string') return { error: 'Write your answer as text.' };
      const text = value.trim();
      return text.length > limit ? { error: `Keep your answer to ${limit} characters.` } : { value: text };
    }
    case 'one_choice': {
      if (typeof value !== 'string' || !question.options.includes(value)) return { error: 'Choose one of the options.' };
      return { value };
    }
    case 'many_choices': {
      if (!Array.isArray(value) || value.some((choice) => !question.options.includes(choice))) {
        return { error: 'Choose from the options given.' };
      }
      // Kept in the organiser's order, each once.
      return { value: question.options.filter((option) => value.includes(option)) };
    }
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: 'Answer yes or no.' };
    case 'number': {
      const number = typeof value === 'string' ? Number(value.trim()) : value;
      if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) > 1e12) {
        return { error: 'Enter a number, e.g. 42.' };
      }
      return { value: number };
    }
    case 'date':
      return typeof value === 'string' && validDate(value.trim())
        ? { value: value.trim() }
        : { error: 'Enter a date, e.g. 2001-03-31.' };
    case 'email': {
      const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return emailPattern.test(email) && email.length <= 254
        ? { value: email }
        : { error: 'Enter an email address, e.g. name@example.com.' };
    }
    case 'phone': {
      const phone = typeof value === 'string' ? value.trim() : '';
      const digits = phone.replace(/\D/g, '').length;
      return /^\+?[0-9 ()\-.]{6,24}$/.test(phone) && digits >= 6 && digits <= 15
        ? { value: phone }
        : { error: 'Enter a phone number, e.g. +44 20 7946 0000.' };
    }
    case 'country': {
      const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
      return countryCodes.includes(code) ? { value: code } : { error: 'Choose a country from the list.' };
    }
  }
}

/**
 * Every answer of an order checked against the questions its lines are asked: the answers to keep (blank optional
 * ones left out) or the problems, each at `answerPath`. Answers to questions not asked are refused, so a buyer cannot
 * write answers the organiser never sees.
 */
export function checkAnswers(
  questions: readonly CheckoutQuestion[],
  lines: readonly AnswerLine[],
  answers: readonly AnswerInput[],
): { answers: { slot: AnswerSlot; value: AnswerValue }[]; problems: { path: string; message: string }[] } {
  const slots = answerSlots(questions, lines);
  const given = new Map<string, AnswerInput>();
  const problems: { path: string; message: string }[] = [];
  for (const answer of answers) {
    const key = answerKey(answer.questionId, answer.position);
    if (!slots.some((slot) => answerKey(slot.question.id, slot.position) === key)) {
      problems.push({ path: `body.answers.${key}`, message: 'That question is not asked for this order.' });
    } else if (given.has(key)) {
      problems.push({ path: `body.answers.${key}`, message: 'That question is answered twice.' });
    }
    given.set(key, answer);
  }
  const kept: { slot: AnswerSlot; value: AnswerValue }[] = [];
  for (const slot of slots) {
    const checked = checkAnswer(slot.question, given.get(answerKey(slot.question.id, slot.position))?.value);
    if ('error' in checked) problems.push({ path: answerPath(slot.question.id, slot.position), message: checked.error });
    else if (checked.value !== null) kept.push({ slot, value: checked.value });
  }
  return { answers: problems.length > 0 ? [] : kept, problems };
}

const countryNames = (() => {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' });
  } catch {
    return null;
  }
})();
export const countryName = (code: string) => countryNames?.of(code) ?? code;

/** An answer in words, for pages, mails and report cells. */
export function answerText(kind: QuestionKind, value: AnswerValue): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (kind === 'country' && typeof value === 'string') return countryName(value);
  return String(value);
}
