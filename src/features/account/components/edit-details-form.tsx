import type { FormEvent } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { isoDateToSeconds, secondsToIsoDate } from '#contract/date-of-birth.ts';
import { type UpdateUser, type User, updateUserSchema } from '#contract/users.ts';
import { toast } from '#lib/toasts.tsx';
import { useUpdateUser } from '../api/update-user.ts';
import { AccountSection } from './account-section.tsx';

/** Name and date of birth; only the fields that changed are sent. */
export function EditDetailsForm({ user }: { user: User }) {
  const { formRef, values, errors, setErrors, field, validateWith, showServerErrors } = useFormFields({
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: secondsToIsoDate(user.dateOfBirth),
  });
  const update = useUpdateUser({
    silent: true,
    mutationConfig: {
      onSuccess: () => toast.success('Your details are saved.'),
      onError: (error) => showServerErrors(error),
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const changes: Record<string, unknown> = {};
    if (values.firstName.trim() !== user.firstName) changes.firstName = values.firstName;
    if (values.lastName.trim() !== user.lastName) changes.lastName = values.lastName;
    if (values.dateOfBirth !== secondsToIsoDate(user.dateOfBirth))
      changes.dateOfBirth = isoDateToSeconds(values.dateOfBirth) ?? Number.NaN;
    if (Object.keys(changes).length === 0) {
      setErrors({ [formErrorKey]: 'Nothing to save yet: change a field first.' });
      return;
    }
    const data = validateWith(updateUserSchema, changes);
    if (data) update.mutate({ id: user.id, data: data as UpdateUser });
  };

  return (
    <AccountSection id="details-title" title="Edit details" intro="Your name appears on your tickets.">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Date of birth" type="date" autoComplete="bday" required {...field('dateOfBirth')} />
        <SubmitButton busy={update.isPending} busyLabel="Saving…" inline>
          Save details
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
