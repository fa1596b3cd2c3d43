import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { confirmSignupSchema } from '../../contract/auth.ts';
import { useConfirmSignup } from '../../features/auth/api/confirm-signup.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '../../features/auth/components/auth-header.tsx';
import { CodeField } from '../../features/auth/components/code-field.tsx';
import { EmailField } from '../../features/auth/components/email-field.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import { formErrorKey } from '../../features/auth/components/form-errors.ts';
import { ResendCodeButton } from '../../features/auth/components/resend-code-button.tsx';
import { SubmitButton } from '../../features/auth/components/submit-button.tsx';
import { useBackToSignIn } from '../../features/auth/components/use-back-to-sign-in.ts';
import { useFormFields } from '../../features/auth/components/use-form-fields.ts';
import { safeReturnPath } from '../guards.ts';
import { PageMeta } from '../page-meta.tsx';

export function Component() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const backToSignIn = useBackToSignIn();
  const { formRef, values, errors, field, showErrors, validateWith, showServerErrors } = useFormFields({
    email: searchParams.get('email') ?? '',
    code: '',
  });
  const codeSentAt = (location.state as { codeSentAt?: number } | null)?.codeSentAt;
  const confirm = useConfirmSignup({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => backToSignIn(input.email, 'Your email is confirmed. You can sign in now.'),
      onError: (error) => showServerErrors(error),
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const data = validateWith(confirmSignupSchema);
    if (data) confirm.mutate(data);
  };

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Enter the 6-digit code we emailed you." noIndex />
      <AuthHeader title="Confirm your email">
        Enter the 6-digit code from the email we sent you. It expires after 10 minutes.
      </AuthHeader>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <EmailField autoComplete="email" {...field('email')} />
        <CodeField label="6-digit code" required {...field('code')} />
        <SubmitButton busy={confirm.isPending} busyLabel="Confirming…">
          Confirm email
        </SubmitButton>
      </form>
      <div className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="mb-3 text-slate-700 text-sm">
          No email yet, or the code has expired? Check your spam folder, or ask for a new code.
        </p>
        <ResendCodeButton
          email={values.email}
          sentAt={codeSentAt}
          onInvalidEmail={(message) => showErrors((current) => ({ ...current, email: message }))}
        />
      </div>
      <AuthFooterLink
        prompt="Already confirmed?"
        to={withEmail('/sign-in', values.email, safeReturnPath(searchParams.get('redirect')))}
      >
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
