import { type FormEvent, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { CapacityQuota } from '#contract/capacity-quotas.ts';
import { formatCount } from '#contract/count-text.ts';
import { toast } from '#lib/toasts.tsx';
import { useSaveCapacityQuota } from '../../api/save-capacity-quota.ts';
import {
  checkQuotaForm,
  emptyQuotaForm,
  type QuotaFormValues,
  quotaToForm,
  serverQuotaErrors,
} from '../../utils/capacity-quota-form.ts';
import { type PathErrors, withoutPath } from '../../utils/field-errors.ts';
import type { QuotaTicketType } from './quotas-table.tsx';

interface CapacityQuotaFormProps {
  eventId: string;
  /** The places being changed; absent when adding. */
  quota?: CapacityQuota;
  /** Adding the event's capacity (over all its ticket types) rather than places some types share. */
  allTypes: boolean;
  types: readonly QuotaTicketType[];
  onDone(): void;
  onCancel(): void;
  /** Asks to delete the places being changed. */
  onDelete?(): void;
}

const toggled = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((one) => one !== id));

/** The event's capacity, or places some of its ticket types share: checked here as the server will. */
export function CapacityQuotaForm({ eventId, quota, allTypes, types, onDone, onCancel, onDelete }: CapacityQuotaFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState<QuotaFormValues>(() => (quota ? quotaToForm(quota) : emptyQuotaForm(allTypes)));
  const [errors, setErrors] = useState<PathErrors>({});
  const save = useSaveCapacityQuota(eventId);
  const eventWide = values.allTypes;

  const change = (patch: Partial<QuotaFormValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutPath(current, field));
  };
  const show = (next: PathErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const check = checkQuotaForm(values);
    if (!check.ok) return show(check.errors);
    save.mutate(
      { quotaId: quota?.id ?? null, input: check.input },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name}: ${formatCount(saved.capacity)} places saved.`);
          onDone();
        },
        onError: (error) => show(serverQuotaErrors(error)),
      },
    );
  };

  const title = quota ? `Change ${quota.name}` : eventWide ? 'The event’s capacity' : 'Places shared by ticket types';
  const intro = eventWide
    ? 'How many people the event holds across every ticket type, those you add later too. Sales stop when it is reached, whatever each type has left.'
    : 'Places the chosen ticket types sell from together, e.g. Early bird and Standard sharing 300 places on the floor. Each ticket counts in every set of places its type is in.';

  return (
    <section aria-labelledby="quota-form-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="quota-form-title" className="break-words font-bold text-lg text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{intro}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-5" aria-labelledby="quota-form-title">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            value={values.name}
            error={errors.name}
            onChange={(event) => change({ name: event.target.value }, 'name')}
            maxLength={80}
            autoComplete="off"
            placeholder={eventWide ? 'Venue' : 'Floor'}
            hint="For you and your team; buyers see the ticket types’ names."
          />
          <TextField
            label="Places"
            name="capacity"
            value={values.capacity}
            error={errors.capacity}
            onChange={(event) => change({ capacity: event.target.value }, 'capacity')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="300"
            hint={quota ? `${formatCount(quota.taken)} are sold or held for payment now.` : 'Sold and held tickets count.'}
          />
        </div>
        {eventWide ? null : (
          <ChoiceGroup
            name="ticketTypeIds"
            legend="Ticket types that share these places"
            hint="Each type still sells no more than its own capacity."
            error={errors.ticketTypeIds}
          >
            {types.map((type) => (
              <Choice
                key={type.id}
                type="checkbox"
                name="ticketTypeIds"
                label={`${type.name}${type.hidden ? ' (hidden)' : ''} · ${formatCount(type.capacity)} of its own`}
                checked={values.ticketTypeIds.includes(type.id)}
                invalid={Boolean(errors.ticketTypeIds)}
                onChange={(on) => change({ ticketTypeIds: toggled(values.ticketTypeIds, type.id, on) }, 'ticketTypeIds')}
              />
            ))}
          </ChoiceGroup>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {quota && onDelete ? (
            <button
              type="button"
              className={`${buttonClass('danger')} w-full sm:mr-auto sm:w-auto`}
              onClick={onDelete}
              disabled={save.isPending}
            >
              Delete
            </button>
          ) : null}
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
            onClick={onCancel}
            disabled={save.isPending}
          >
            Cancel
          </button>
          <div className="sm:w-auto">
            <SubmitButton busy={save.isPending} busyLabel="Saving…" inline>
              {quota ? 'Save changes' : 'Save places'}
            </SubmitButton>
          </div>
        </div>
      </form>
    </section>
  );
}
