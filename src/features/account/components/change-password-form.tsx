import type { FormEvent } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { confirmationErrors, formErrorKey } from '#components/fields/form-errors.ts';
import { NewPasswordFields } from '#components/fields/new-password-fields.tsx';
import { PasswordField } from '#components/fields/password-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { changePasswordSchema } from '#contract/auth.ts';
import { toast } from '#lib/toasts.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { AccountSection } from './account-section.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice. Other devices are signed out; this one stays in. */
export function ChangePasswordForm() {
  const { formRef, values, setValues, errors, field, validateWith, showServerErrors } = useFormFields(empty);
  const change = useChangePassword({
    silent: true,
    mutationConfig: {
      onSuccess: () => {
        setValues(empty);
        toast.success('Your password is changed. Other devices have been signed out.');
      },
      onError: (error) => showServerErrors(error, ['currentPassword', 'newPassword']),
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const { currentPassword, newPassword } = values;
    const data = validateWith(changePasswordSchema, { currentPassword, newPassword }, (found) => ({
      ...(currentPassword ? {} : { currentPassword: 'Enter your current password.' }),
      ...confirmationErrors(found, 'newPassword', values),
    }));
    if (data) change.mutate(data);
  };

  return (
    <AccountSection
      id="password-title"
      title="Change password"
      intro="You stay signed in here; your other devices are signed out."
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <PasswordField label="Current password" autoComplete="current-password" required {...field('currentPassword')} />
        <NewPasswordFields password={field('newPassword')} confirmation={field('confirmPassword')} />
        <SubmitButton busy={change.isPending} busyLabel="Changing…" inline>
          Change password
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
