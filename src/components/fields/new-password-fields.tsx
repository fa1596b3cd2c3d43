import { minPasswordLength } from '../../contract/auth-limits.ts';
import { PasswordField } from './password-field.tsx';
import type { FieldBinding } from './use-form-fields.ts';

/** The new password and its confirmation (check it with `confirmationErrors`). */
export function NewPasswordFields({ password, confirmation }: { password: FieldBinding; confirmation: FieldBinding }) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${minPasswordLength} characters`}
        required
        {...password}
      />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...confirmation} />
    </>
  );
}
