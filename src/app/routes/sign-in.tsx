import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInSchema } from '../../contract/auth.ts';
import { resendConfirmationCode } from '../../features/auth/api/resend-confirmation-code.ts';
import { emailNotConfirmedCode, useSignIn } from '../../features/auth/api/sign-in.ts';
import { AuthColumn, AuthFooter, AuthHeader, linkClass } from '../../features/auth/components/auth-header.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import {
  errorStatus,
  type FieldErrors,
  focusFirstInvalid,
  serverFieldErrors,
  serverMessage,
  validate,
  withoutError,
} from '../../features/auth/components/form-errors.ts';
import { PasswordField } from '../../features/auth/components/password-field.tsx';
import { SubmitButton } from '../../features/auth/components/submit-button.tsx';
import { TextField } from '../../features/auth/components/text-field.tsx';
import { writeSessionCookies } from '../../lib/session/cookies.ts';
import { sessionKeys } from '../../lib/session/use-session.ts';
import { landingFor, safeReturnPath } from '../guards.ts';
import { PageMeta } from '../page-meta.tsx';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
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
          navigate(`/account-verification?${new URLSearchParams({ email: input.email })}`, { state: { codeSentAt: Date.now() } });
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
    const result = validate(signInSchema, { email, password });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    signIn.mutate(result.data);
  };

  const forgotQuery = email.trim() ? `?${new URLSearchParams({ email: email.trim() })}` : '';
  return (
    <AuthColumn>
      <PageMeta title="Sign in" description="Sign in to your Admit account." noIndex />
      <AuthHeader title="Sign in">Welcome back. Sign in to see your tickets and events.</AuthHeader>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => withoutError(current, 'email'));
          }}
        />
        <div>
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((current) => withoutError(current, 'password'));
            }}
          />
          <p className="mt-2 text-right">
            <Link to={`/forgot-password${forgotQuery}`} className={`${linkClass} inline-flex min-h-10 items-center text-sm`}>
              Forgot your password?
            </Link>
          </p>
        </div>
        <SubmitButton busy={signIn.isPending || leaving} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <AuthFooter>
        <p>
          New to Admit?{' '}
          <Link to="/sign-up" className={linkClass}>
            Create an account
          </Link>
        </p>
      </AuthFooter>
    </AuthColumn>
  );
}
