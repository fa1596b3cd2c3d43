import {
  hasOptions,
  type Question,
  type QuestionFields,
  type QuestionKind,
  type QuestionScope,
  questionFieldsSchema,
  questionProblems,
} from '#contract/questions.ts';
import { type PathErrors, serverPathErrors, validateByPath } from './field-errors.ts';

// The question editor (decision 064): what a buyer is asked at checkout, once per order or for each ticket.

/** One option line; `key` stays with the line as it moves, so React keeps its input. */
export interface OptionLine {
  key: string;
  text: string;
}

export interface QuestionFormValues {
  label: string;
  help: string;
  kind: QuestionKind;
  scope: QuestionScope;
  required: boolean;
  options: OptionLine[];
  ticketTypeIds: string[];
  showAtDoor: boolean;
}

let lines = 0;
/** A new option line with a key no other line has. */
export const optionLine = (text = ''): OptionLine => {
  lines += 1;
  return { key: `option-${lines}`, text };
};

export const emptyQuestionForm = (): QuestionFormValues => ({
  label: '',
  help: '',
  kind: 'short_text',
  scope: 'order',
  required: false,
  options: [optionLine(), optionLine()],
  ticketTypeIds: [],
  showAtDoor: false,
});

export const questionToForm = (question: Question): QuestionFormValues => ({
  label: question.label,
  help: question.help,
  kind: question.kind,
  scope: question.scope,
  required: question.required,
  options: hasOptions(question.kind) ? question.options.map((text) => optionLine(text)) : [optionLine(), optionLine()],
  ticketTypeIds: [...question.ticketTypeIds],
  showAtDoor: question.showAtDoor,
});

/** The request's body: options only for the kinds that offer them. */
export const questionInput = (values: QuestionFormValues): QuestionFields => ({
  label: values.label,
  help: values.help,
  kind: values.kind,
  scope: values.scope,
  required: values.required,
  options: hasOptions(values.kind) ? values.options.map((line) => line.text) : [],
  ticketTypeIds: values.ticketTypeIds,
  showAtDoor: values.showAtDoor,
});

/** The form's fields; `options.3` is the fourth option's line. */
const placeable = (path: string) =>
  /^(label|help|kind|scope|required|options|ticketTypeIds|showAtDoor)$/.test(path) || /^options\.\d+$/.test(path);

/** `ticketTypeIds.0` belongs to the ticket types' field. */
const byField = (errors: PathErrors): PathErrors => {
  const placed: PathErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    placed[/^options\.\d+$/.test(path) ? path : (path.split('.')[0] as string)] ??= message;
  }
  return placed;
};

/** The form checked as the server will check it: the request's body, or the messages by field. */
export function checkQuestionForm(
  values: QuestionFormValues,
): { ok: true; input: QuestionFields } | { ok: false; errors: PathErrors } {
  const checked = validateByPath(questionFieldsSchema, questionInput(values));
  if (!checked.ok) return { ok: false, errors: byField(checked.errors) };
  const problems = questionProblems(checked.data);
  if (problems.length === 0) return { ok: true, input: checked.data };
  const errors: PathErrors = {};
  for (const problem of problems) errors[problem.path] ??= problem.message;
  return { ok: false, errors };
}

/** A refusal's messages at their fields (`body.options.2` → the third option), the rest above the form. */
export const serverQuestionErrors = (error: unknown): PathErrors => byField(serverPathErrors(error, placeable));
