import {
  type AttendeeAudience,
  type CheckInFilter,
  type MessageDraft,
  messageDraftSchema,
  type SendMessage,
} from '#contract/attendee-messages.ts';
import type { Question } from '#contract/questions.ts';
import { type PathErrors, validateByPath } from './field-errors.ts';
import { zonedLocalToIso } from './zoned-time.ts';

/** A ticket type or a question as the composer names it. */
export interface Named {
  id: string;
  name: string;
}
export type AudienceQuestion = Pick<Question, 'id' | 'label' | 'kind' | 'options'>;

/** The composer's values as the person edits them. */
export interface MessageFormValues {
  subject: string;
  body: string;
  /** false: only the ticked ticket types. */
  everyType: boolean;
  ticketTypeIds: string[];
  checkIn: CheckInFilter;
  /** '' : no filter on answers. */
  questionId: string;
  given: boolean;
  /** '' : any answer; a choice's option; 'true' or 'false' for a yes/no question. */
  value: string;
  when: 'now' | 'later';
  /** A `datetime-local` value on the event's clock. */
  sendAt: string;
}

export const emptyMessageForm = (): MessageFormValues => ({
  subject: '',
  body: '',
  everyType: true,
  ticketTypeIds: [],
  checkIn: 'any',
  questionId: '',
  given: true,
  value: '',
  when: 'now',
  sendAt: '',
});

/** Whether a question's answers can be matched to a value: the choice questions and yes/no. */
export const hasValues = (question: AudienceQuestion | undefined) =>
  question?.kind === 'one_choice' || question?.kind === 'many_choices' || question?.kind === 'yes_no';

/** The values a question's answer can be matched to, as [value, words]. */
export function answerValues(question: AudienceQuestion | undefined): [string, string][] {
  if (!question) return [];
  if (question.kind === 'yes_no') {
    return [
      ['true', 'Ticked (yes)'],
      ['false', 'Not ticked (no)'],
    ];
  }
  return hasValues(question) ? question.options.map((option) => [option, option]) : [];
}

/** The audience the values name; an answer filter on a question no longer asked is dropped. */
export function audienceOf(values: MessageFormValues, questions: readonly AudienceQuestion[]): AttendeeAudience {
  const question = questions.find((one) => one.id === values.questionId);
  let value: string | boolean | undefined;
  if (question && values.given && values.value !== '' && hasValues(question)) {
    value = question.kind === 'yes_no' ? values.value === 'true' : values.value;
  }
  return {
    ticketTypeIds: values.everyType ? [] : values.ticketTypeIds,
    checkIn: values.checkIn,
    answer: question ? { questionId: question.id, given: values.given, ...(value === undefined ? {} : { value }) } : null,
  };
}

/** What the composer sends, or the messages by field (`subject`, `body`, `audience.ticketTypeIds`, `sendAt`). */
export function checkMessageForm(
  values: MessageFormValues,
  questions: readonly AudienceQuestion[],
  timeZone: string,
): { ok: true; draft: MessageDraft; send: SendMessage } | { ok: false; errors: PathErrors } {
  const checked = validateByPath(messageDraftSchema, {
    subject: values.subject,
    body: values.body,
    audience: audienceOf(values, questions),
  });
  const errors: PathErrors = checked.ok ? {} : { ...checked.errors };
  if (!values.everyType && values.ticketTypeIds.length === 0) {
    errors['audience.ticketTypeIds'] = 'Tick at least one ticket type, or send it to everyone.';
  }
  let sendAt: string | null = null;
  if (values.when === 'later') {
    sendAt = values.sendAt.trim() ? zonedLocalToIso(values.sendAt, timeZone) : null;
    if (!sendAt) errors.sendAt = 'Pick a date and time to send it.';
  }
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, draft: checked.data, send: { ...checked.data, sendAt } };
}

/** The fields of the composer a server message can be shown at. */
export const messageFormPaths = [
  'subject',
  'body',
  'sendAt',
  'audience.ticketTypeIds',
  'audience.answer.questionId',
  'audience.answer.value',
  'audience.checkIn',
];

const quoted = (text: string) => `“${text}”`;

/** "Everyone with a ticket", or "Holders of Standard, VIP · checked in · answered “Diet”: Vegan". */
export function audienceSummary(
  audience: AttendeeAudience,
  types: readonly Named[],
  questions: readonly AudienceQuestion[],
): string {
  const parts: string[] = [];
  if (audience.ticketTypeIds.length === 0) parts.push('Everyone with a ticket');
  else {
    const names = audience.ticketTypeIds.map((id) => types.find((type) => type.id === id)?.name ?? 'a removed ticket type');
    parts.push(`Holders of ${names.join(', ')}`);
  }
  if (audience.checkIn === 'checked_in') parts.push('checked in');
  if (audience.checkIn === 'not_checked_in') parts.push('not checked in');
  const answer = audience.answer;
  if (answer) {
    const question = questions.find((one) => one.id === answer.questionId);
    const label = question ? quoted(question.label) : 'a question';
    if (!answer.given) parts.push(`did not answer ${label}`);
    else if (answer.value === undefined) parts.push(`answered ${label}`);
    else {
      const value = typeof answer.value === 'boolean' ? (answer.value ? 'yes' : 'no') : String(answer.value);
      parts.push(`answered ${label}: ${value}`);
    }
  }
  return parts.join(' · ');
}
