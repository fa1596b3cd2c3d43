import type { AnswerSlot, AnswerValue } from '#contract/questions.ts';

export interface AnswerFieldProps {
  /** The control's id (and name): one per question and ticket. */
  id: string;
  /** The question, with "(optional)" when it may be left blank. */
  label: string;
  slot: AnswerSlot;
  value: AnswerValue | null | undefined;
  error: string | undefined;
  onChange(value: AnswerValue | null): void;
  /** Focus left a text field or list: its answer may be checked again. */
  onLeave(): void;
}
