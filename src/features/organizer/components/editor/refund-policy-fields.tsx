import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { refundPolicyLimits, refundPolicySchema, refundPolicySentence } from '#contract/refund-policy.ts';
import type { EventForm } from '../../hooks/use-event-form.ts';
import { refundFromForm } from '../../utils/event-form.ts';
import { zonedLocalToIso } from '../../utils/zoned-time.ts';

const kinds = [
  { kind: 'none', label: 'No refunds' },
  { kind: 'until_before_start', label: 'Refunds until a set time before the start' },
  { kind: 'custom', label: 'My own policy, in my words' },
] as const;

const fees = [
  { fee: 'none', label: 'No fee' },
  { fee: 'percent', label: 'A percentage of the price' },
  { fee: 'fixed', label: 'A fixed amount per ticket' },
] as const;

/** The sentence buyers will read, from the inputs as they are now; null while they do not make a valid policy. */
function previewOf(form: EventForm): string | null {
  const { refund, startsAt, timezone, ticketTypes } = form.values;
  if (refund.kind === '') return null;
  const parsed = refundPolicySchema.safeParse(refundFromForm(refund, ticketTypes[0]?.currency ?? 'GBP', {}));
  if (!parsed.success) return null;
  const start = (timezone && startsAt && zonedLocalToIso(startsAt, timezone)) || null;
  if (parsed.data.kind === 'until_before_start' && !start) return 'Set the start date and time to see the deadline.';
  return refundPolicySentence(parsed.data, start ?? new Date(0).toISOString(), timezone || 'UTC');
}

/**
 * The event's refund policy (decision 067): what buyers read beside the tickets, in checkout before they pay and in
 * their confirmation; and whether buyers may cancel within it themselves (decision 068).
 */
export function RefundPolicyFields({ form }: { form: EventForm }) {
  const { values, errors, setRefund } = form;
  const refund = values.refund;
  const currency = values.ticketTypes[0]?.currency ?? 'GBP';
  const preview = previewOf(form);
  return (
    <div className="space-y-4">
      <ChoiceGroup
        name="refundPolicy.kind"
        legend="What can buyers expect?"
        hint={refund.kind === '' ? 'Not set yet: buyers are told to ask you before they buy.' : undefined}
        error={errors.refundPolicy}
      >
        {kinds.map((option) => (
          <Choice
            key={option.kind}
            type="radio"
            name="refundPolicy.kind"
            label={option.label}
            checked={refund.kind === option.kind}
            onChange={() => setRefund({ kind: option.kind })}
          />
        ))}
      </ChoiceGroup>

      {refund.kind === 'until_before_start' ? (
        <div className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Until"
              name="refundPolicy.notice"
              inputMode="numeric"
              value={refund.notice}
              error={errors['refundPolicy.notice']}
              hint={`Up to ${refundPolicyLimits.notice[refund.unit]} ${refund.unit}.`}
              onChange={(event) => setRefund({ notice: event.target.value })}
            />
            <SelectField
              label="Before the start"
              name="refundPolicy.unit"
              value={refund.unit}
              onChange={(event) => setRefund({ unit: event.target.value === 'days' ? 'days' : 'hours' })}
            >
              <option value="hours">hours before</option>
              <option value="days">days before</option>
            </SelectField>
          </div>
          <ChoiceGroup name="refundPolicy.fee" legend="Fee kept from a refund" error={errors['refundPolicy.fee']}>
            {fees.map((option) => (
              <Choice
                key={option.fee}
                type="radio"
                name="refundPolicy.fee"
                label={option.label}
                checked={refund.fee === option.fee}
                onChange={() => setRefund({ fee: option.fee })}
              />
            ))}
          </ChoiceGroup>
          {refund.fee === 'percent' ? (
            <TextField
              label="Fee (%)"
              name="refundPolicy.fee.percent"
              inputMode="numeric"
              value={refund.percent}
              error={errors['refundPolicy.fee.percent']}
              hint={`A whole number from ${refundPolicyLimits.percentFee.min} to ${refundPolicyLimits.percentFee.max}.`}
              onChange={(event) => setRefund({ percent: event.target.value })}
            />
          ) : null}
          {refund.fee === 'fixed' ? (
            <TextField
              label={`Fee per ticket (${currency})`}
              name="refundPolicy.fee.amount"
              inputMode="decimal"
              value={refund.amount}
              error={errors['refundPolicy.fee.amount'] ?? errors['refundPolicy.fee.currency']}
              hint="In the currency the tickets are sold in, up to 100.00."
              onChange={(event) => setRefund({ amount: event.target.value })}
            />
          ) : null}
        </div>
      ) : null}

      {refund.kind === 'custom' ? (
        <TextareaField
          label="Your refund policy"
          name="refundPolicy.text"
          value={refund.text}
          rows={4}
          maxLength={refundPolicyLimits.customText}
          error={errors['refundPolicy.text']}
          hint={`Plain text, up to 1,000 characters (${refund.text.length} so far).`}
          onChange={(event) => setRefund({ text: event.target.value })}
        />
      ) : null}

      <ChoiceGroup
        name="buyerCancellation"
        legend="Cancelling from the booking"
        hint="Paid tickets until the deadline, less the fee, refunded at once; free tickets until the start. Otherwise buyers send you a request, which you answer on Payments."
      >
        <Choice
          type="checkbox"
          name="buyerCancellation"
          label="Buyers may cancel within the policy themselves"
          checked={values.buyerCancellation}
          onChange={(checked) => form.set('buyerCancellation', checked)}
        />
      </ChoiceGroup>

      {preview ? (
        <div className="rounded-xl bg-indigo-50 p-3 text-indigo-950 text-sm ring-1 ring-indigo-200" aria-live="polite">
          <p className="font-semibold">Buyers will read</p>
          <p className="mt-1 whitespace-pre-line break-words" data-testid="refund-policy-preview">
            {preview}
          </p>
        </div>
      ) : null}
    </div>
  );
}
