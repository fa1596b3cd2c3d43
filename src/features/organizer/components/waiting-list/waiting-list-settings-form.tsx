import { type FormEvent, useRef, useState } from 'react';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { type FieldErrors, formErrorKey, formErrorsFrom, validate } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { offerHoursRange, type WaitingListSettings, waitingListSettingsSchema } from '#contract/waiting-list.ts';
import { toast } from '#lib/toasts.tsx';
import { useSaveWaitingListSettings } from '../../api/save-waiting-list-settings.ts';

interface SettingsFormProps {
  eventId: string;
  settings: WaitingListSettings;
}

/** Whether buyers may join, whether places are offered by themselves, and how long an offer holds them. */
export function WaitingListSettingsForm({ eventId, settings }: SettingsFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [enabled, setEnabled] = useState(settings.enabled);
  const [automatic, setAutomatic] = useState(settings.automatic);
  const [hours, setHours] = useState(String(settings.offerHours));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveWaitingListSettings(eventId);

  const show = (next: FieldErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const text = hours.trim();
    const checked = validate(waitingListSettingsSchema, {
      enabled,
      automatic,
      offerHours: text === '' ? Number.NaN : Number(text),
    });
    if (!checked.ok) return show(checked.errors);
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setErrors({});
        toast.success(saved.enabled ? 'Waiting list settings saved.' : 'Saved: buyers can no longer join the waiting list.');
      },
      onError: (error) => show(formErrorsFrom(error, ['offerHours'])),
    });
  };

  return (
    <section aria-labelledby="waiting-settings-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="waiting-settings-title" className="font-bold text-lg text-slate-900">
        Settings
      </h2>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 space-y-5" aria-labelledby="waiting-settings-title">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <ChoiceGroup
          name="waiting-options"
          legend="Joining and offers"
          hint="Places come back when a hold lapses, an order is refunded or cancelled, or you raise a capacity."
        >
          <Choice
            type="checkbox"
            name="enabled"
            label="Buyers may join the list of a sold-out ticket type"
            checked={enabled}
            onChange={setEnabled}
          />
          <Choice
            type="checkbox"
            name="automatic"
            label="Offer places automatically, in queue order, as they come back"
            checked={automatic}
            onChange={setAutomatic}
          />
        </ChoiceGroup>
        <p className="-mt-3 text-slate-600 text-sm">
          {automatic
            ? 'Each offer is mailed at once. While anyone waits for a type, its places go to the list first.'
            : 'Places that come back wait for you: offer them by hand from the list below.'}
        </p>
        <div className="max-w-xs">
          <TextField
            label="Hours an offer holds places"
            name="offerHours"
            value={hours}
            error={errors.offerHours}
            onChange={(event) => {
              setHours(event.target.value);
              setErrors(({ offerHours: _hours, [formErrorKey]: _form, ...rest }) => rest);
            }}
            inputMode="numeric"
            autoComplete="off"
            hint={`From ${offerHoursRange.min} to ${offerHoursRange.max} (a week). Not booked by then, they go to the next person.`}
          />
        </div>
        <div className="sm:flex sm:justify-end">
          <SubmitButton busy={save.isPending} busyLabel="Saving…" inline>
            Save settings
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
