import { useLocation, useSearchParams } from 'react-router';
import { safeReturnPath } from '#app/guards.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { useStartSession } from '#app/use-start-session.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { ConfirmEmailForm } from '#features/auth/components/confirm-email-form.tsx';

/** The code form: the address, the mailed code and (unless typed at sign-up in this tab) the sign-up's password. */
export function Component() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const startSession = useStartSession();
  const email = searchParams.get('email') ?? '';
  const codeSentAt = (location.state as { codeSentAt?: number } | null)?.codeSentAt;

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Enter the 6-digit code we emailed you." noIndex />
      <AuthHeader title="Confirm your email">
        Enter the 6-digit code from the email we sent you. It expires after 10 minutes. Once it is accepted, you are signed in.
      </AuthHeader>
      <ConfirmEmailForm email={email} editableEmail codeSentAt={codeSentAt} onConfirmed={startSession} />
      <AuthFooterLink prompt="Already confirmed?" to={withEmail('/sign-in', email, safeReturnPath(searchParams.get('redirect')))}>
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
