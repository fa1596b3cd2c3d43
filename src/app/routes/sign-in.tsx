import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInSchema } from '../../contract/auth.ts';
import { resendConfirmationCode } from '../../features/auth/api/resend-confirmation-code.ts';
import { emailNotConfirmedCode, useSignIn } from '../../features/auth/api/sign-in.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, linkClass, withEmail } from '../../features/auth/components/auth-header.tsx';
import { EmailField } from '../../features/auth/components/email-field.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import { errorStatus, serverFieldErrors, serverMessage } from '../../features/auth/components/form-errors.ts';
import { PasswordField } from '../../features/auth/components/password-field.tsx';
import { SubmitButton } from '../../features/auth/components/submit-button.tsx';
import { useFormFields } from '../../features/auth/components/use-form-fields.ts';
import { writeSessionCookies } from '../../lib/session/cookies.ts';
import { sessionKeys } from '../../lib/session/use-session.ts';
import { landingFor, safeReturnPath } from '../guards.ts';
import { PageMeta } from '../page-meta.tsx';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { formRef, values, setErrors, field, validateWith } = useFormFields({
    email: searchParams.get('email') ?? '',
    password: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  // After success the page stays busy until the full page load takes over.
  const [leaving, setLeaving] = useState(false);

  const signIn = useSignIn({
    mutationConfig: {
      onSuccess: ({ accessToken, authId, user }) => {
        setLeaving(true);
        writeSessionCookies({ accessToken, authId, email: user.email, platforms: user.platforms });
        queryClient.setQueryData(sessionKeys.user(authId), user);
        // A full load, so every part of the app starts with the session.
        window.location.assign(safeReturnPath(searchParams.get('redirect')) ?? landingFor(user));
      },
      onError: async (error, input) => {
        const fields = serverFieldErrors(error);
        if (errorStatus(error) === 403 && fields.email === emailNotConfirmedCode) {
          setLeaving(true);
          await resendConfirmationCode({ email: input.email }, { silent: true }).catch(() => undefined);
          navigate(withEmail('/account-verification', input.email), { state: { codeSentAt: Date.now() } });
          return;
        }
        setErrors(fields);
        setProblem(serverMessage(error));
      },
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || leaving) return;
    setProblem(null);
    const data = validateWith(signInSchema);
    if (data) signIn.mutate(data);
  };

  return (
    <AuthColumn>
      <PageMeta title="Sign in" description="Sign in to your Admit account." noIndex />
      <AuthHeader title="Sign in">Welcome back. Sign in to see your tickets and events.</AuthHeader>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
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
      <AuthFooterLink
        prompt="New to Admit?"
        to={withEmail('/sign-up', values.email.trim(), safeReturnPath(searchParams.get('redirect')))}
      >
        Create an account
      </AuthFooterLink>
    </AuthColumn>
  );
}
