import { type FormEvent, useState } from 'react';
import { CodeField } from '#components/fields/code-field.tsx';
import { EmailField } from '#components/fields/email-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { PasswordField } from '#components/fields/password-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { SignInResult } from '#contract/auth.ts';
import { useConfirmSignup } from '../api/confirm-signup.ts';
import { authSchemas } from '../utils/auth-schemas.ts';
import { forgetSignUpPassword, signUpPasswordFor } from '../utils/sign-up-password.ts';
import { ResendCodeButton } from './resend-code-button.tsx';

interface ConfirmEmailFormProps {
  email: string;
  /** Whether the address can be changed here; otherwise the page names it. */
  editableEmail?: boolean;
  /** The sign-up's password when the page already has it (typed at sign-in); else the one typed at sign-up, or a field. */
  password?: string;
  /** A code that came with the mailed link. */
  code?: string;
  /** When the last code was sent (epoch ms), for the "send a new code" cool-down. */
  codeSentAt?: number;
  /** Signed in: the page stores the session and moves on. */
  onConfirmed: (result: SignInResult) => void;
}

/**
 * The mailed code and the sign-up's password confirm the address and sign the person in (decision 019). The password
 * field shows only when the page does not have it, as after opening the link in the email.
 */
export function ConfirmEmailForm({
  email,
  editableEmail = false,
  password,
  code = '',
  codeSentAt,
  onConfirmed,
}: ConfirmEmailFormProps) {
  const { formRef, values, errors, field, showErrors, checkWith, showServerErrors } = useFormFields(
    { email, code, password: '' },
    { schemas: authSchemas },
  );
  // After success the form stays busy until the full page load takes over.
  const [leaving, setLeaving] = useState(false);
  const knownPassword = password || signUpPasswordFor(values.email);
  const passwordNow = knownPassword || values.password;
  const shownFields = ['code', ...(editableEmail ? ['email'] : []), ...(knownPassword ? [] : ['password'])];

  const confirm = useConfirmSignup({
    silent: true,
    mutationConfig: {
      onSuccess: (result) => {
        setLeaving(true);
        forgetSignUpPassword();
        onConfirmed(result);
      },
      onError: (error) => showServerErrors(error, shownFields),
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || leaving) return;
    const data = await checkWith((schemas) => schemas.confirmSignupSchema, { ...values, password: passwordNow });
    if (data) confirm.mutate(data);
  };

  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        {editableEmail ? <EmailField autoComplete="email" {...field('email')} /> : null}
        <CodeField label="6-digit code" required {...field('code')} />
        {knownPassword ? null : (
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            hint="The password you chose when you signed up."
            required
            {...field('password')}
          />
        )}
        <SubmitButton busy={confirm.isPending || leaving} busyLabel="Confirming…">
          Confirm and sign in
        </SubmitButton>
      </form>
      <div className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="mb-3 text-slate-700 text-sm">
          No email yet, or the code has expired? Check your spam folder, or ask for a new code.
        </p>
        <ResendCodeButton
          email={values.email}
          password={passwordNow}
          sentAt={codeSentAt}
          onInvalid={(found) => showErrors((current) => ({ ...current, ...found }))}
        />
      </div>
    </>
  );
}
