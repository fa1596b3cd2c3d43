import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { confirmSignupSchema } from '../../contract/auth.ts';
import { useConfirmSignup } from '../../features/auth/api/confirm-signup.ts';
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
import { ResendCodeButton } from '../../features/auth/components/resend-code-button.tsx';
import { SubmitButton } from '../../features/auth/components/submit-button.tsx';
import { TextField } from '../../features/auth/components/text-field.tsx';
import { toast } from '../../lib/toasts.tsx';
import { PageMeta } from '../page-meta.tsx';

export function Component() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const codeSentAt = (location.state as { codeSentAt?: number } | null)?.codeSentAt;
  const confirm = useConfirmSignup({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => {
        toast.success('Your email is confirmed. You can sign in now.');
        navigate(`/sign-in?${new URLSearchParams({ email: input.email })}`);
      },
      onError: (error) => {
        setErrors(formErrorsFrom(error, ['email', 'code']));
        focusFirstInvalid(formRef.current);
      },
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const result = validate(confirmSignupSchema, { email, code });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    confirm.mutate(result.data);
  };

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Enter the 6-digit code we emailed you." noIndex />
      <AuthHeader title="Confirm your email">
        Enter the 6-digit code from the email we sent you. It expires after 10 minutes.
      </AuthHeader>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
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
        <CodeField
          label="6-digit code"
          name="code"
          required
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((current) => withoutError(current, 'code'));
          }}
        />
        <SubmitButton busy={confirm.isPending} busyLabel="Confirming…">
          Confirm email
        </SubmitButton>
      </form>
      <div className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="mb-3 text-slate-700 text-sm">
          No email yet, or the code has expired? Check your spam folder, or ask for a new code.
        </p>
        <ResendCodeButton
          email={email}
          sentAt={codeSentAt}
          onInvalidEmail={(message) => {
            setErrors((current) => ({ ...current, email: message }));
            focusFirstInvalid(formRef.current);
          }}
        />
      </div>
      <AuthFooter>
        <p>
          Already confirmed?{' '}
          <Link to={email ? `/sign-in?${new URLSearchParams({ email })}` : '/sign-in'} className={linkClass}>
            Sign in
          </Link>
        </p>
      </AuthFooter>
    </AuthColumn>
  );
}
