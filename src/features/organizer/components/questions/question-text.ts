import { hasOptions, type Question, questionKindNames } from '#contract/questions.ts';

/** What the answer is, in words: "One choice: Vegetarian, Vegan, None". */
export function kindText(question: Pick<Question, 'kind' | 'options'>): string {
  const name = questionKindNames[question.kind];
  return hasOptions(question.kind) ? `${name}: ${question.options.join(', ')}` : name;
}

/** Who is asked, in words: "Once per order · Standard, VIP". */
export function askedText(
  question: Pick<Question, 'scope' | 'ticketTypeIds' | 'required'>,
  types: readonly { id: string; name: string }[],
): string {
  const scope = question.scope === 'order' ? 'Once per order' : 'For each ticket';
  const names = types.filter((type) => question.ticketTypeIds.includes(type.id)).map((type) => type.name);
  const which = question.ticketTypeIds.length === 0 ? 'every ticket type' : names.join(', ') || 'removed ticket types';
  return `${scope} · ${which} · ${question.required ? 'required' : 'optional'}`;
}
