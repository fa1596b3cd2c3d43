import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmSignupSchema } from '../../contract/auth.ts';
import { useConfirmSignup } from '../../features/auth/api/confirm-signup.ts';
import { AuthColumn, AuthFooterLink, AuthHeader, withEmail } from '../../features/auth/components/auth-header.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import { serverMessage } from '../../features/auth/components/form-errors.ts';
import { Spinner } from '../../features/auth/components/submit-button.tsx';
import { PageMeta } from '../page-meta.tsx';

const primaryClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700';
const secondaryClass =
  'inline-flex min-h-12 w-full items-center justify-center rounded-xl border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50';

/** The link in the confirmation email (`?email=&code=`): confirms on arrival, then offers to sign in. */
export function Component() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const code = searchParams.get('code') ?? '';
  const input = useMemo(() => {
    const parsed = confirmSignupSchema.safeParse({ email, code });
    return parsed.success ? parsed.data : null;
  }, [email, code]);
  const confirm = useConfirmSignup({ silent: true });
  const { mutate } = confirm;
  // StrictMode runs effects twice in development, and a code can be spent only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !input) return;
    started.current = true;
    mutate(input);
  }, [input, mutate]);

  let body: ReactNode;
  if (confirm.isSuccess) {
    body = (
      <>
        <div className="text-center">
          <span
            aria-hidden="true"
            className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-emerald-100 font-bold text-2xl text-emerald-700"
          >
            ✓
          </span>
          <AuthHeader title="Your email is confirmed">Your account is ready. Sign in to start using Admit.</AuthHeader>
        </div>
        <Link to={withEmail('/sign-in', email)} className={primaryClass}>
          Sign in
        </Link>
      </>
    );
  } else if (!input || confirm.isError) {
    body = (
      <>
        <AuthHeader title="We couldn’t confirm your email">
          {input
            ? 'The link may have expired (codes last 10 minutes) or been used already.'
            : 'This link is incomplete. Open the link from the email again, or enter the code by hand.'}
        </AuthHeader>
        {confirm.isError ? (
          <div className="mb-6">
            <FormAlert>{serverMessage(confirm.error)}</FormAlert>
          </div>
        ) : null}
        <div className="space-y-3">
          <Link to={withEmail('/verify-email', email)} className={primaryClass}>
            Get a new code
          </Link>
          <Link to={withEmail('/sign-in', email)} className={secondaryClass}>
            Already confirmed? Sign in
          </Link>
        </div>
        <AuthFooterLink prompt="No account yet?" to="/sign-up">
          Create one
        </AuthFooterLink>
      </>
    );
  } else {
    body = (
      <div className="flex flex-col items-center py-8 text-center">
        <Spinner className="size-10 text-indigo-600" />
        <h1 className="mt-5 font-bold text-2xl text-slate-900">Confirming your email…</h1>
        <p className="mt-2 break-all text-slate-600">{input.email}</p>
      </div>
    );
  }

  return (
    <AuthColumn>
      <PageMeta title="Confirm your email" description="Confirming your Admit account." noIndex />
      <div aria-live="polite">{body}</div>
    </AuthColumn>
  );
}
