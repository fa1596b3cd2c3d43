import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import type { EventForm } from '../../hooks/use-event-form.ts';

/**
 * Whether holders may pass tickets on and correct names themselves, and until when (decision 069). Unticking it locks
 * every ticket of the event as it is.
 */
export function TransferFields({ form }: { form: EventForm }) {
  const { values, errors } = form;
  return (
    <div className="space-y-4">
      <ChoiceGroup
        name="transfers"
        legend="Passing tickets on"
        hint="The new holder gets a new QR code by email and the old one stops working at the door. No money moves: Admit does not handle resale."
      >
        <Choice
          type="checkbox"
          name="transfers"
          label="Buyers may pass tickets on and correct names"
          checked={values.transfers}
          onChange={(checked) => form.set('transfers', checked)}
        />
      </ChoiceGroup>
      {values.transfers ? (
        <div className="max-w-xs">
          <TextField
            label="Until how many hours before the start"
            name="transferCutoffHours"
            inputMode="numeric"
            value={values.transferCutoff}
            error={errors.transferCutoffHours}
            hint="0: until the event starts. Up to 720 hours (30 days)."
            onChange={(event) => form.set('transferCutoff', event.target.value)}
          />
        </div>
      ) : (
        <p className="text-slate-600 text-sm">Tickets are locked: only you can change who holds them.</p>
      )}
    </div>
  );
}
