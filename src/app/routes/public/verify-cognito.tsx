import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { useStartSession } from '#app/use-start-session.ts';
import { buttonClass } from '#components/button.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { ConfirmEmailForm } from '#features/auth/components/confirm-email-form.tsx';
import { authSchemas } from '#features/auth/utils/auth-schemas.ts';
import { signUpPasswordFor } from '#features/auth/utils/sign-up-password.ts';

/** The link's address, and its code when the address and code are both well formed (else null: an incomplete link). */
interface ConfirmLink {
  email: string;
  code: string | null;
}

/**
 * Reads the link with the contract's schema in the loader, which the server runs for the page it renders: the page
 * itself starts without zod (decision 081).
 */
export function createLoader() {
  return async ({ request }: LoaderFunctionArgs): Promise<ConfirmLink> => {
    const params = new URL(request.url).searchParams;
    const email = params.get('email') ?? '';
    const { confirmSignupSchema } = await authSchemas.get();
    const parsed = confirmSignupSchema.pick({ email: true, code: true }).safeParse({ email, code: params.get('code') ?? '' });
    return parsed.success ? parsed.data : { email, code: null };
  };
}

/**
 * The link in the confirmation email (`?email=&code=`). The code alone confirms nothing (decision 019): the page asks
 * for the password chosen at sign-up, unless this tab still has it, then signs the person in.
 */
export function Component() {
  const { email, code } = useLoaderData() as ConfirmLink;
  const startSession = useStartSession();

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Confirming your Admit account." noIndex />
      {code !== null ? (
        <>
          <AuthHeader title="Finish confirming your email">
            The code from your email is filled in. {signUpPasswordFor(email) ? 'Confirm ' : 'Enter your password to confirm '}
            <strong className="break-all font-semibold text-slate-900">{email}</strong> and sign in.
          </AuthHeader>
          <ConfirmEmailForm email={email} code={code} onConfirmed={startSession} />
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
