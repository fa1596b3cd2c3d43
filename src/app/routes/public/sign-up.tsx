import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '#app/guards.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { linkClass } from '#components/button.ts';
import { EmailField } from '#components/fields/email-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { PasswordField } from '#components/fields/password-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { minPasswordLength } from '#contract/auth-limits.ts';
import { isoDateToSeconds } from '#contract/date-of-birth.ts';
import type { UserType } from '#contract/users.ts';
import { useSignUp } from '#features/auth/api/sign-up.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { UserTypeChoice } from '#features/auth/components/user-type-choice.tsx';
import { authSchemas } from '#features/auth/utils/auth-schemas.ts';
import { rememberSignUpPassword } from '#features/auth/utils/sign-up-password.ts';

const emptyValues = { firstName: '', lastName: '', email: '', password: '', dateOfBirth: '', organizationName: '' };

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [userType, setUserType] = useState<UserType>(searchParams.get('type') === 'organiser' ? 'organiser' : 'attendee');
  // An invitation link sends people here with their address and the page to come back to.
  const redirect = safeReturnPath(searchParams.get('redirect'));
  const { formRef, values, errors, field, clearError, checkWith, showServerErrors } = useFormFields(
    { ...emptyValues, email: searchParams.get('email') ?? '' },
    { schemas: authSchemas },
  );
  const signUp = useSignUp({
    silent: true,
    mutationConfig: {
      onSuccess: (_result, input) => {
        rememberSignUpPassword(input.email, input.password);
        navigate(withEmail('/account-verification', input.email, redirect), { state: { codeSentAt: Date.now() } });
      },
      onError: (error) => showServerErrors(error),
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const organiser = userType === 'organiser';
    const input = {
      ...values,
      dateOfBirth: isoDateToSeconds(values.dateOfBirth),
      userType,
      organizationName: organiser && values.organizationName.trim() ? values.organizationName : undefined,
    };
    // The schema names a missing organisation only once every other field is valid; say it at once.
    const data = await checkWith(
      (schemas) => schemas.signUpSchema,
      input,
      () => (organiser && !values.organizationName.trim() ? { organizationName: 'Name your organisation.' } : {}),
    );
    if (data) signUp.mutate(data);
  };

  return (
    <AuthColumn>
      <PageMeta title="Create your account" description="Create an Admit account to book tickets or sell them." noIndex />
      <AuthHeader title="Create your account">Book tickets in a few taps, or start selling tickets for your events.</AuthHeader>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <UserTypeChoice
          value={userType}
          onChange={(type) => {
            setUserType(type);
            clearError('organizationName');
          }}
        />
        {userType === 'organiser' ? (
          <TextField
            label="Organisation name"
            autoComplete="organization"
            hint="The name attendees see on your events. You can invite your team later."
            required
            {...field('organizationName')}
          />
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <EmailField autoComplete="email" {...field('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${minPasswordLength} characters`}
          minLength={minPasswordLength}
          required
          {...field('password')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          hint="You must be at least 16 to have an account."
          required
          {...field('dateOfBirth')}
        />
        <p className="text-slate-600 text-sm leading-relaxed">
          By creating an account you agree to our{' '}
          <Link to="/terms" className={linkClass}>
            terms and conditions
          </Link>{' '}
          and{' '}
          <Link to="/policy/users" className={linkClass}>
            privacy policy
          </Link>
          .
        </p>
        <SubmitButton busy={signUp.isPending} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      <AuthFooterLink prompt="Already have an account?" to={withEmail('/sign-in', '', redirect)}>
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
