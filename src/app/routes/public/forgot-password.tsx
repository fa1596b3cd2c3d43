import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { CodeField } from '#components/fields/code-field.tsx';
import { EmailField } from '#components/fields/email-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { confirmationErrors, type FieldErrors, formErrorKey, formErrorsFrom, validate } from '#components/fields/form-errors.ts';
import { NewPasswordFields } from '#components/fields/new-password-fields.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { useConfirmForgotPassword } from '#features/auth/api/confirm-forgot-password.ts';
import { useForgotPassword } from '#features/auth/api/forgot-password.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { useBackToSignIn } from '#features/auth/components/use-back-to-sign-in.ts';
import { authSchemas } from '#features/auth/utils/auth-schemas.ts';

const stepTitle = 'font-semibold text-lg text-slate-900';

export function Component() {
  const [searchParams] = useSearchParams();
  const backToSignIn = useBackToSignIn();
  const linkedEmail = searchParams.get('email') ?? '';
  // Opened from the reset mail's link: the code is already in hand. From the sign-in page, only the email is.
  const fromMail = Boolean(linkedEmail) && searchParams.get('sent') === '1';
  // Two forms: the email asks for a code; the code and the new password use it.
  const request = useFormFields({ email: linkedEmail }, { schemas: authSchemas });
  const reset = useFormFields({ code: '', password: '', confirmPassword: '' }, { schemas: authSchemas });
  const email = request.values.email;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const showReset = sentTo !== null || fromMail;

  const sendCode = useForgotPassword({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => {
        setSentTo(input.email);
        requestAnimationFrame(() => reset.formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus());
      },
      onError: (error) => request.showServerErrors(error, ['email'], { focus: false }),
    },
  });
  const confirm = useConfirmForgotPassword({
    silent: true,
    mutationConfig: {
      onSuccess: (_data, input) => backToSignIn(input.email, 'Your password is changed. Sign in with the new one.'),
      onError: (error) => {
        const { email: emailError, ...fields } = formErrorsFrom(error, ['email', 'code', 'password']);
        if (emailError) request.setErrors({ email: emailError });
        reset.showErrors(fields);
      },
    },
  });

  const submitRequest = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendCode.isPending) return;
    const data = await request.checkWith((schemas) => schemas.emailOnlySchema);
    if (data) sendCode.mutate(data);
  };

  const submitReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const { code, password } = reset.values;
    const result = await reset.withSchemas((schemas) => validate(schemas.confirmForgotPasswordSchema, { email, code, password }));
    if (!result) return;
    const found: FieldErrors = result.ok ? {} : result.errors;
    const errors = { ...found, ...confirmationErrors(found, 'password', reset.values) };
    // The email's message goes to its own form, which then takes the focus.
    if (errors.email) request.showErrors({ email: errors.email });
    if (!result.ok || errors.confirmPassword) {
      reset.showErrors(errors, { focus: !errors.email });
      return;
    }
    confirm.mutate(result.data);
  };

  return (
    <AuthColumn>
      <PageMeta title="Reset your password" description="Choose a new password for your Admit account." noIndex />
      <AuthHeader title="Reset your password">
        {fromMail
          ? 'Enter the code from the email we sent you and choose a new password.'
          : 'Enter your email and we’ll send you a 6-digit code to choose a new password.'}
      </AuthHeader>
      <form ref={request.formRef} onSubmit={submitRequest} noValidate className="space-y-4" aria-labelledby="step-email">
        <h2 id="step-email" className={stepTitle}>
          1. Get a code
        </h2>
        <EmailField autoComplete="username" {...request.field('email')} />
        {request.errors[formErrorKey] ? <FormAlert>{request.errors[formErrorKey]}</FormAlert> : null}
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
          ref={reset.formRef}
          onSubmit={submitReset}
          noValidate
          className="mt-8 space-y-4 border-slate-200 border-t pt-8"
          aria-labelledby="step-password"
        >
          <h2 id="step-password" className={stepTitle}>
            2. Choose a new password
          </h2>
          {reset.errors[formErrorKey] ? <FormAlert>{reset.errors[formErrorKey]}</FormAlert> : null}
          <CodeField label="6-digit code" required {...reset.field('code')} />
          <NewPasswordFields password={reset.field('password')} confirmation={reset.field('confirmPassword')} />
          <SubmitButton busy={confirm.isPending} busyLabel="Changing your password…">
            Change password
          </SubmitButton>
        </form>
      ) : null}
      <AuthFooterLink prompt="Remembered it?" to={withEmail('/sign-in', email.trim())}>
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
