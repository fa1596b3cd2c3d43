import { Link, useLocation, useSearchParams } from 'react-router';
import { safeReturnPath } from '#app/guards.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass, linkClass } from '#components/button.ts';
import { DevMailboxNote } from '#components/dev-mailbox-note.tsx';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { ResendCodeButton } from '#features/auth/components/resend-code-button.tsx';
import { signUpPasswordFor } from '#features/auth/utils/sign-up-password.ts';
import { useSession } from '#lib/session/use-session.ts';

function MailIcon() {
  return (
    <span aria-hidden="true" className="mb-5 flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-7" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** After sign-up: where the code went and what to do next. */
export function Component() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const email = searchParams.get('email') || session.user?.email || session.email || '';
  const codeSentAt = (location.state as { codeSentAt?: number } | null)?.codeSentAt;
  // A new code needs the sign-up's password: typed at sign-up in this tab, or asked for by the code form.
  const password = signUpPasswordFor(email);
  const redirect = safeReturnPath(searchParams.get('redirect'));
  // A local instance that sends no mail keeps it in the development mailbox instead.

  return (
    <AuthColumn>
      <PageMeta title="Check your email" description="We sent you a code to confirm your Admit account." noIndex />
      <MailIcon />
      <AuthHeader title="Check your email">
        {email ? (
          <>
            We sent a 6-digit code to <strong className="break-all font-semibold text-slate-900">{email}</strong>. Enter it to
            confirm your account, or open the link in the email.
          </>
        ) : (
          'We sent a 6-digit code to the address you signed up with. Enter it to confirm your account, or open the link in the email.'
        )}
      </AuthHeader>
      <div className="space-y-3">
        <Link
          to={withEmail('/verify-email', email, redirect)}
          state={codeSentAt ? { codeSentAt } : undefined}
          className={`${buttonClass()} w-full`}
        >
          Enter the code
        </Link>
        {password ? <ResendCodeButton email={email} password={password} sentAt={codeSentAt} /> : null}
      </div>
      <section aria-labelledby="tips-title" className="mt-8 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h2 id="tips-title" className="font-semibold text-slate-900">
          Can’t find it?
        </h2>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700 text-sm leading-relaxed">
          <li>It can take a minute to arrive. Check your spam or junk folder too.</li>
          <li>The code expires after 10 minutes; ask for a new one when it has.</li>
          <li>
            Wrong address?{' '}
            <Link to="/sign-up" className={linkClass}>
              Sign up again
            </Link>{' '}
            with the right one.
          </li>
        </ul>
      </section>
      <DevMailboxNote what="your code" className="mt-4" />
      <AuthFooterLink prompt="Already confirmed?" to={withEmail('/sign-in', email, redirect)}>
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
