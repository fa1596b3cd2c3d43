import { type RefundPolicy, refundHowToAsk, refundPolicySentence } from '#contract/refund-policy-text.ts';
import { transferSentence } from '#contract/ticket-transfers-text.ts';

interface RefundPolicyNoteProps {
  /** Null: the organiser has set none, and the note says so. */
  policy: RefundPolicy | null;
  startsAt: string;
  /** The event's zone: the deadline is printed on its clock, whatever the reader's. */
  timeZone: string;
  /** The heading's level where the note sits. */
  headingLevel?: 2 | 3 | 4;
  /** Said too when given: whether and until when tickets can be passed on (decision 069). */
  transferCutoffHours?: number | null;
}

/**
 * An event's refund policy as buyers read it everywhere (decision 067): the event page, checkout beside the total and
 * the booking, with how to ask for a refund. The organiser's own words are plain text, line breaks kept.
 */
export function RefundPolicyNote({ policy, startsAt, timeZone, headingLevel = 2, transferCutoffHours }: RefundPolicyNoteProps) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h2';
  return (
    <section
      aria-label="Refund policy"
      data-testid="refund-policy"
      className={`rounded-xl p-4 text-sm ring-1 ${policy ? 'bg-slate-50 text-slate-800 ring-slate-200' : 'bg-amber-50 text-amber-950 ring-amber-200'}`}
    >
      <Heading className="font-semibold text-base text-slate-900">Refund policy</Heading>
      <p className="mt-1 whitespace-pre-line break-words">{refundPolicySentence(policy, startsAt, timeZone)}</p>
      <p className="mt-2 text-slate-600">{refundHowToAsk}</p>
      {transferCutoffHours === undefined ? null : (
        <p className="mt-2 text-slate-600" data-testid="transfer-policy">
          {transferSentence({ startsAt, timezone: timeZone, transferCutoffHours })}
        </p>
      )}
    </section>
  );
}
