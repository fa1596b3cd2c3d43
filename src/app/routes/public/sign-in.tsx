import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { safeReturnPath } from '#app/guards.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { useStartSession } from '#app/use-start-session.ts';
import { linkClass } from '#components/button.ts';
import { EmailField } from '#components/fields/email-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { errorStatus, formErrorKey, serverFieldErrors, serverMessage } from '#components/fields/form-errors.ts';
import { PasswordField } from '#components/fields/password-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { emailNotConfirmedCode, useSignIn } from '#features/auth/api/sign-in.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { ConfirmEmailForm } from '#features/auth/components/confirm-email-form.tsx';
import { authSchemas } from '#features/auth/utils/auth-schemas.ts';

/** The address and password of a sign-up that still waits for its code. */
type Unconfirmed = { email: string; password: string };

/** Signed in with the password of a sign-up whose address is not confirmed: why, and the code form right here. */
function ConfirmFirst({ unconfirmed, onBack }: { unconfirmed: Unconfirmed; onBack: () => void }) {
  const startSession = useStartSession();
  return (
    <>
      <AuthHeader title="Confirm your email first">
        Your password is right, but <strong className="break-all font-semibold text-slate-900">{unconfirmed.email}</strong> is not
        confirmed yet. Enter the 6-digit code we emailed you to confirm it and sign in. Codes last 10 minutes: if yours has
        expired, send a new one below.
      </AuthHeader>
      <ConfirmEmailForm email={unconfirmed.email} password={unconfirmed.password} onConfirmed={startSession} />
      <p className="mt-6 text-center">
        <button type="button" onClick={onBack} className={`${linkClass} inline-flex min-h-10 items-center`}>
          Sign in with another account
        </button>
      </p>
    </>
  );
}

export function Component() {
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const { formRef, values, setValues, errors, setErrors, field, checkWith } = useFormFields(
    { email: searchParams.get('email') ?? '', password: '' },
    { schemas: authSchemas },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<Unconfirmed | null>(null);
  // After success the page stays busy until the full page load takes over.
  const [leaving, setLeaving] = useState(false);

  const signIn = useSignIn({
    mutationConfig: {
      onSuccess: (result) => {
        setLeaving(true);
        startSession(result);
      },
      onError: (error, input) => {
        const fields = serverFieldErrors(error);
        if (errorStatus(error) === 403 && fields.email === emailNotConfirmedCode) {
          setUnconfirmed({ email: input.email, password: input.password });
          return;
        }
        setErrors(fields);
        setProblem(serverMessage(error));
      },
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || leaving) return;
    setProblem(null);
    const data = await checkWith((schemas) => schemas.signInSchema);
    if (data) signIn.mutate(data);
  };

  const back = () => {
    setUnconfirmed(null);
    setValues((current) => ({ ...current, password: '' }));
  };

  return (
    <AuthColumn>
      <PageMeta title="Sign in" description="Sign in to your Admit account." noIndex />
      {unconfirmed ? (
        <ConfirmFirst unconfirmed={unconfirmed} onBack={back} />
      ) : (
        <>
          <AuthHeader title="Sign in">Welcome back. Sign in to see your tickets and events.</AuthHeader>
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
            {problem || errors[formErrorKey] ? <FormAlert>{problem ?? errors[formErrorKey]}</FormAlert> : null}
            <EmailField autoComplete="username" {...field('email')} />
            <div>
              <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
              <p className="mt-2 text-right">
                <Link
                  to={withEmail('/forgot-password', values.email.trim())}
                  className={`${linkClass} inline-flex min-h-10 items-center text-sm`}
                >
                  Forgot your password?
                </Link>
              </p>
            </div>
            <SubmitButton busy={signIn.isPending || leaving} busyLabel="Signing in…">
              Sign in
            </SubmitButton>
          </form>
        </>
      )}
      <AuthFooterLink
        prompt="New to Admit?"
        to={withEmail('/sign-up', values.email.trim(), safeReturnPath(searchParams.get('redirect')))}
      >
        Create an account
      </AuthFooterLink>
    </AuthColumn>
  );
}
