import { describe, expect, it } from 'vitest';
import {
  type AskedQuestion,
  answerKey,
  answerPath,
  answerSlots,
  answerText,
  type CheckoutQuestion,
  checkAnswer,
  checkAnswers,
  questionFieldsSchema,
  questionProblems,
} from './questions.ts';

const asked = (fields: Partial<AskedQuestion>): AskedQuestion => ({
  label: 'Q',
  help: '',
  kind: 'short_text',
  scope: 'order',
  required: false,
  options: [],
  ticketTypeIds: [],
  ...fields,
});
const question = (id: string, fields: Partial<AskedQuestion>): CheckoutQuestion => ({ id, ...asked(fields) });

const typeA = '10000000-0000-4000-8000-000000000000';
const typeB = '20000000-0000-4000-8000-000000000000';
const q1 = 'a0000000-0000-4000-8000-000000000001';
const q2 = 'a0000000-0000-4000-8000-000000000002';

describe('a question’s settings', () => {
  it('need options for a choice, two at least, each once; other kinds take none', () => {
    const fields = (input: object) => questionFieldsSchema.parse({ label: 'Size', scope: 'order', ...input });
    expect(questionProblems(fields({ kind: 'one_choice', options: ['S'] }))).toEqual([
      { path: 'options', message: 'Give at least two options to choose from.' },
    ]);
    expect(questionProblems(fields({ kind: 'many_choices', options: ['S', 'M', 's'] }))).toEqual([
      { path: 'options.2', message: '“s” is offered twice.' },
    ]);
    expect(questionProblems(fields({ kind: 'email', options: ['S'] }))[0]?.path).toBe('options');
    expect(questionProblems(fields({ kind: 'one_choice', options: ['S', 'M'] }))).toEqual([]);
    expect(questionFieldsSchema.safeParse({ label: ' ', kind: 'date', scope: 'order' }).success).toBe(false);
  });
});

describe('one answer', () => {
  const cases: [Partial<AskedQuestion>, unknown, unknown, string][] = [
    // kind, a good answer, what is kept, a bad answer's message (the bad answer follows in `bad`)
    [{ kind: 'short_text' }, '  Acme ', 'Acme', 'Keep your answer to 200 characters.'],
    [{ kind: 'long_text' }, 'a\nb', 'a\nb', 'Write your answer as text.'],
    [{ kind: 'one_choice', options: ['S', 'M'] }, 'M', 'M', 'Choose one of the options.'],
    [{ kind: 'many_choices', options: ['A', 'B', 'C'] }, ['C', 'A'], ['A', 'C'], 'Choose from the options given.'],
    [{ kind: 'yes_no' }, true, true, 'Answer yes or no.'],
    [{ kind: 'number' }, ' 12.5 ', 12.5, 'Enter a number, e.g. 42.'],
    [{ kind: 'date' }, '2024-02-29', '2024-02-29', 'Enter a date, e.g. 2001-03-31.'],
    [{ kind: 'email' }, 'Ada@Example.COM ', 'ada@example.com', 'Enter an email address, e.g. name@example.com.'],
    [{ kind: 'phone' }, '+44 (0)20 7946-0000', '+44 (0)20 7946-0000', 'Enter a phone number, e.g. +44 20 7946 0000.'],
    [{ kind: 'country' }, 'fr', 'FR', 'Choose a country from the list.'],
  ];
  const bad: unknown[] = ['x'.repeat(201), 42, 'L', ['A', 'D'], 'yes', 'ten', '2023-02-29', 'ada@', '12', 'XX'];

  for (const [index, [fields, good, kept, message]] of cases.entries()) {
    it(`of kind ${fields.kind} is kept normalised, or refused in words`, () => {
      expect(checkAnswer(asked(fields), good as never)).toEqual({ value: kept });
      expect(checkAnswer(asked(fields), bad[index] as never)).toEqual({ error: message });
    });
  }

  it('may be left blank when optional, and must be given when required; a required yes/no must be ticked', () => {
    expect(checkAnswer(asked({ kind: 'date' }), '  ')).toEqual({ value: null });
    expect(checkAnswer(asked({ kind: 'many_choices', options: ['A', 'B'] }), [])).toEqual({ value: null });
    expect(checkAnswer(asked({ kind: 'number', required: true }), null)).toEqual({ error: 'Answer this question.' });
    expect(checkAnswer(asked({ kind: 'yes_no', required: true }), false)).toEqual({ error: 'Tick the box to go on.' });
    expect(checkAnswer(asked({ kind: 'yes_no', required: true }), true)).toEqual({ value: true });
    expect(checkAnswer(asked({ kind: 'yes_no' }), false)).toEqual({ value: false });
  });

  it('reads in words', () => {
    expect(answerText('yes_no', false)).toBe('No');
    expect(answerText('many_choices', ['A', 'C'])).toBe('A, C');
    expect(answerText('country', 'GB')).toBe('United Kingdom');
    expect(answerText('number', 3)).toBe('3');
  });
});

describe('an order’s answers', () => {
  const meal = question(q1, { kind: 'one_choice', scope: 'attendee', required: true, options: ['Fish', 'Veg'] });
  const company = question(q2, { kind: 'short_text', scope: 'order', ticketTypeIds: [typeB] });

  it('are asked once for the order, then for each ticket, positions running across lines in ticket type id order', () => {
    const slots = answerSlots(
      [meal, company],
      [
        { ticketTypeId: typeB, quantity: 1 },
        { ticketTypeId: typeA, quantity: 2 },
      ],
    );
    expect(slots.map((slot) => [slot.question.id, slot.position, slot.ticketTypeId])).toEqual([
      [q2, null, null],
      [q1, 0, typeA],
      [q1, 1, typeA],
      [q1, 2, typeB],
    ]);
    // An order question for some types is asked only when the order holds one of them.
    expect(answerSlots([company], [{ ticketTypeId: typeA, quantity: 2 }])).toEqual([]);
  });

  it('need a required ticket question answered for each of three tickets, naming the one missing', () => {
    const lines = [{ ticketTypeId: typeA, quantity: 3 }];
    const some = [
      { questionId: q1, position: 0, value: 'Fish' },
      { questionId: q1, position: 1, value: 'Veg' },
    ];
    expect(checkAnswers([meal], lines, some)).toEqual({
      answers: [],
      problems: [{ path: answerPath(q1, 2), message: 'Answer this question.' }],
    });
    const all = checkAnswers([meal], lines, [...some, { questionId: q1, position: 2, value: 'Fish' }]);
    expect(all.problems).toEqual([]);
    expect(all.answers.map((answer) => [answer.slot.position, answer.value])).toEqual([
      [0, 'Fish'],
      [1, 'Veg'],
      [2, 'Fish'],
    ]);
  });

  it('refuse answers to questions not asked, and a question answered twice', () => {
    const lines = [{ ticketTypeId: typeA, quantity: 1 }];
    const result = checkAnswers([meal], lines, [
      { questionId: q1, position: 0, value: 'Fish' },
      { questionId: q1, position: 0, value: 'Veg' },
      { questionId: q1, position: 1, value: 'Fish' },
      { questionId: q2, position: null, value: 'Acme' },
    ]);
    expect(result.answers).toEqual([]);
    expect(result.problems).toEqual([
      { path: `body.answers.${answerKey(q1, 0)}`, message: 'That question is answered twice.' },
      { path: `body.answers.${q1}@1`, message: 'That question is not asked for this order.' },
      { path: `body.answers.${q2}`, message: 'That question is not asked for this order.' },
    ]);
  });

  it('leave out optional questions left blank', () => {
    const optional = question(q2, { kind: 'email', scope: 'order' });
    expect(checkAnswers([optional], [{ ticketTypeId: typeA, quantity: 1 }], [])).toEqual({ answers: [], problems: [] });
  });
});
