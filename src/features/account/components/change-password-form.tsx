import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { changePasswordSchema, minPasswordLength } from '../../../contract/auth.ts';
import { toast } from '../../../lib/toasts.tsx';
import { useChangePassword } from '../../auth/api/change-password.ts';
import { FormAlert } from '../../auth/components/form-alert.tsx';
import {
  type FieldErrors,
  focusFirstInvalid,
  formErrorKey,
  formErrorsFrom,
  validate,
  withoutError,
} from '../../auth/components/form-errors.ts';
import { PasswordField } from '../../auth/components/password-field.tsx';
import { SubmitButton } from '../../auth/components/submit-button.tsx';
import { AccountSection } from './account-section.tsx';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice. Other devices are signed out; this one stays in. */
export function ChangePasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword({
    silent: true,
    mutationConfig: {
      onSuccess: () => {
        setValues(empty);
        toast.success('Your password is changed. Other devices have been signed out.');
      },
      onError: (error) => {
        setErrors(formErrorsFrom(error, ['currentPassword', 'newPassword']));
        focusFirstInvalid(formRef.current);
      },
    },
  });

  const field = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => withoutError(current, name));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const result = validate(changePasswordSchema, { currentPassword: values.currentPassword, newPassword: values.newPassword });
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    if (!values.currentPassword) found.currentPassword = 'Enter your current password.';
    if (!found.newPassword && values.confirmPassword !== values.newPassword) found.confirmPassword = 'The passwords don’t match.';
    if (!result.ok || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate(result.data);
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
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${minPasswordLength} characters`}
          required
          {...field('newPassword')}
        />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...field('confirmPassword')} />
        <SubmitButton busy={change.isPending} busyLabel="Changing…" inline>
          Change password
        </SubmitButton>
      </form>
    </AccountSection>
  );
}
