import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirmForgotPasswordSchema, emailOnlySchema, minPasswordLength } from '../../contract/auth.ts';
import { useConfirmForgotPassword } from '../../features/auth/api/confirm-forgot-password.ts';
import { useForgotPassword } from '../../features/auth/api/forgot-password.ts';
import { AuthColumn, AuthFooter, AuthHeader, linkClass } from '../../features/auth/components/auth-header.tsx';
import { CodeField } from '../../features/auth/components/code-field.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import {
  type FieldErrors,
  focusFirstInvalid,
  formErrorKey,
  formErrorsFrom,
  validate,
  withoutError,
} from '../../features/auth/components/form-errors.ts';
import { PasswordField } from '../../features/auth/components/password-field.tsx';
import { SubmitButton } from '../../features/auth/components/submit-button.tsx';
import { TextField } from '../../features/auth/components/text-field.tsx';
import { toast } from '../../lib/toasts.tsx';
import { PageMeta } from '../page-meta.tsx';

const emptyReset = { code: '', password: '', confirmPassword: '' };
const stepTitle = 'font-semibold text-lg text-slate-900';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requestRef = useRef<HTMLFormElement>(null);
  const resetRef = useRef<HTMLFormElement>(null);
  const linkedEmail = searchParams.get('email') ?? '';
  const [email, setEmail] = useState(linkedEmail);
  const [emailErrors, setEmailErrors] = useState<FieldErrors>({});
  const [reset, setReset] = useState(emptyReset);
  const [resetErrors, setResetErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Arriving from the email's link (`?email=`), the code is already in hand.
  const showReset = sentTo !== null || Boolean(linkedEmail);

  const sendCode = useForgotPassword({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => {
        setSentTo(input.email);
        requestAnimationFrame(() => resetRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus());
      },
      onError: (error) => setEmailErrors(formErrorsFrom(error, ['email'])),
    },
  });
  const confirm = useConfirmForgotPassword({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => {
        toast.success('Your password is changed. Sign in with the new one.');
        navigate(`/sign-in?${new URLSearchParams({ email: input.email })}`);
      },
      onError: (error) => {
        const { email: emailError, ...fields } = formErrorsFrom(error, ['email', 'code', 'password']);
        if (emailError) setEmailErrors({ email: emailError });
        setResetErrors(fields);
        focusFirstInvalid(resetRef.current);
      },
    },
  });

  const request = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendCode.isPending) return;
    const result = validate(emailOnlySchema, { email });
    if (!result.ok) {
      setEmailErrors(result.errors);
      focusFirstInvalid(requestRef.current);
      return;
    }
    sendCode.mutate(result.data);
  };

  const submitReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const result = validate(confirmForgotPasswordSchema, { email, code: reset.code, password: reset.password });
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    if (!errors.password && reset.confirmPassword !== reset.password) errors.confirmPassword = 'The passwords don’t match.';
    if (errors.email) {
      setEmailErrors({ email: errors.email });
      focusFirstInvalid(requestRef.current);
    }
    if (!result.ok || errors.confirmPassword) {
      setResetErrors(errors);
      if (!errors.email) focusFirstInvalid(resetRef.current);
      return;
    }
    confirm.mutate(result.data);
  };

  const resetField = (name: keyof typeof emptyReset) => ({
    name,
    value: reset[name],
    error: resetErrors[name],
    onChange: (event: { target: { value: string } }) => {
      setReset((current) => ({ ...current, [name]: event.target.value }));
      setResetErrors((current) => withoutError(current, name));
    },
  });

  return (
    <AuthColumn>
      <PageMeta title="Reset your password" description="Choose a new password for your Admit account." noIndex />
      <AuthHeader title="Reset your password">
        {linkedEmail
          ? 'Enter the code from the email we sent you and choose a new password.'
          : 'Enter your email and we’ll send you a 6-digit code to choose a new password.'}
      </AuthHeader>
      <form ref={requestRef} onSubmit={request} noValidate className="space-y-4" aria-labelledby="step-email">
        <h2 id="step-email" className={stepTitle}>
          1. Get a code
        </h2>
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
          error={emailErrors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailErrors({});
          }}
        />
        {emailErrors[formErrorKey] ? <FormAlert>{emailErrors[formErrorKey]}</FormAlert> : null}
        {sentTo ? (
          <FormAlert tone="success">
            If an account uses <strong className="break-all">{sentTo}</strong>, we have sent it a 6-digit code. It expires in 10
            minutes.
          </FormAlert>
        ) : null}
        <SubmitButton busy={sendCode.isPending} busyLabel="Sending…" variant={showReset ? 'secondary' : 'primary'}>
          {showReset ? 'Send a new code' : 'Send code'}
        </SubmitButton>
      </form>
      {showReset ? (
        <form
          ref={resetRef}
          onSubmit={submitReset}
          noValidate
          className="mt-8 space-y-4 border-slate-200 border-t pt-8"
          aria-labelledby="step-password"
        >
          <h2 id="step-password" className={stepTitle}>
            2. Choose a new password
          </h2>
          {resetErrors[formErrorKey] ? <FormAlert>{resetErrors[formErrorKey]}</FormAlert> : null}
          <CodeField label="6-digit code" required {...resetField('code')} />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${minPasswordLength} characters`}
            required
            {...resetField('password')}
          />
          <PasswordField label="Confirm new password" autoComplete="new-password" required {...resetField('confirmPassword')} />
          <SubmitButton busy={confirm.isPending} busyLabel="Changing your password…">
            Change password
          </SubmitButton>
        </form>
      ) : null}
      <AuthFooter>
        <p>
          Remembered it?{' '}
          <Link to={email.trim() ? `/sign-in?${new URLSearchParams({ email: email.trim() })}` : '/sign-in'} className={linkClass}>
            Sign in
          </Link>
        </p>
      </AuthFooter>
    </AuthColumn>
  );
}
