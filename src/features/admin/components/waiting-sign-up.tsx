import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import { useResendConfirmation } from '../api/users.ts';

/**
 * Shown when a search for an address finds no account: someone may have signed up with it and never confirmed
 * (a sign-up becomes an account only with its code). Mails that sign-up a new code.
 */
export function WaitingSignUp({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const send = () => {
    setOutcome(null);
    resend
      .mutateAsync(email)
      .then((sent) => setOutcome({ ok: true, text: `A new confirmation code was emailed to ${sent.to}.` }))
      .catch((failure: unknown) => setOutcome({ ok: false, text: serverMessage(failure) }));
  };
  return (
    <section aria-labelledby="waiting-sign-up" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="waiting-sign-up" className="font-semibold text-slate-900">
        No account uses {email}
      </h2>
      <p className="mt-1 text-slate-600">
        If someone signed up with this address and lost the code, send the sign-up a new confirmation code. They still confirm
        with the password they chose.
      </p>
      <button type="button" className={`${buttonClass('secondary', 'small')} mt-3`} disabled={resend.isPending} onClick={send}>
        Resend confirmation code
      </button>
      {outcome ? (
        <p role="status" className={`mt-2 ${outcome.ok ? 'text-green-800' : 'text-red-700'}`}>
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
