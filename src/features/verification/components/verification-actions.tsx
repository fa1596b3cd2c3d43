import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { Verification } from '#contract/verification.ts';
import { navigateTo } from '#lib/external-navigation.ts';
import { toast } from '#lib/toasts.tsx';
import { useOnboardingLink, useSubmitVerification } from '../api/verification.ts';

/** Sends the verification (sandbox), or continues to Stripe's onboarding (Stripe). */
export function VerificationActions({ verification }: { verification: Verification }) {
  const submit = useSubmitVerification();
  const link = useOnboardingLink();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = submit.isPending || link.isPending;

  if (verification.provider === 'stripe') {
    const start = () => {
      setProblem(null);
      link.mutate(verification.organizationId, {
        // Stripe's onboarding page, through the guard for leaving Admit: a refusal is a toast and the page stays.
        onSuccess: (answer) => navigateTo(answer.url),
        onError: (failure) => setProblem(serverMessage(failure)),
      });
    };
    return (
      <div className="space-y-3">
        <p className="text-slate-700">
          Stripe confirms your identity and takes the bank account payouts go to. You come back here when you are done.
        </p>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <button type="button" className={buttonClass('primary')} onClick={start} disabled={busy} aria-busy={busy}>
          {link.isPending ? <Spinner /> : null}
          {verification.stripeAccountId ? 'Continue at Stripe' : 'Continue to Stripe'}
        </button>
      </div>
    );
  }

  const send = () => {
    setProblem(null);
    submit.mutate(verification.organizationId, {
      onSuccess: (answer) =>
        toast.success(answer.status === 'pending' ? 'Your verification is sent for review.' : 'Your verification is sent.'),
      onError: (failure) => setProblem(serverMessage(failure)),
    });
  };
  return (
    <div className="space-y-3">
      <p className="text-slate-700">When your details, bank account and documents are here, send them for review.</p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <button type="button" className={buttonClass('primary')} onClick={send} disabled={busy} aria-busy={busy}>
        {submit.isPending ? <Spinner /> : null}
        Send for review
      </button>
    </div>
  );
}
