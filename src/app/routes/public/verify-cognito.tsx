import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { useStartSession } from '#app/use-start-session.ts';
import { buttonClass } from '#components/button.ts';
import { confirmSignupSchema } from '#contract/auth.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { ConfirmEmailForm } from '#features/auth/components/confirm-email-form.tsx';
import { signUpPasswordFor } from '#features/auth/utils/sign-up-password.ts';

const linkParts = confirmSignupSchema.pick({ email: true, code: true });

/**
 * The link in the confirmation email (`?email=&code=`). The code alone confirms nothing (decision 019): the page asks
 * for the password chosen at sign-up, unless this tab still has it, then signs the person in.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const email = searchParams.get('email') ?? '';
  const parsed = linkParts.safeParse({ email, code: searchParams.get('code') ?? '' });

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Confirming your Admit account." noIndex />
      {parsed.success ? (
        <>
          <AuthHeader title="Finish confirming your email">
            The code from your email is filled in.{' '}
            {signUpPasswordFor(parsed.data.email) ? 'Confirm ' : 'Enter your password to confirm '}
            <strong className="break-all font-semibold text-slate-900">{parsed.data.email}</strong> and sign in.
          </AuthHeader>
          <ConfirmEmailForm email={parsed.data.email} code={parsed.data.code} onConfirmed={startSession} />
          <AuthFooterLink prompt="No account yet?" to="/sign-up">
            Create one
          </AuthFooterLink>
        </>
      ) : (
        <>
          <AuthHeader title="We couldn’t confirm your email">
            This link is incomplete. Open the link from the email again, or enter the code by hand.
          </AuthHeader>
          <div className="space-y-3">
            <Link to={withEmail('/verify-email', email)} className={`${buttonClass()} w-full`}>
              Enter the code
            </Link>
            <Link to={withEmail('/sign-in', email)} className={`${buttonClass('secondary')} w-full`}>
              Already confirmed? Sign in
            </Link>
          </div>
        </>
      )}
    </AuthColumn>
  );
}
