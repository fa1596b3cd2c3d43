import { useEffect, useRef } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import type { Organization } from '#contract/users.ts';
import type { ActionProblem } from '../../hooks/use-event-actions.ts';

const kycWords: Record<Organization['kycStatus'], string> = {
  unverified: 'has not been started',
  pending: 'is in review',
  verified: 'is complete',
  action_required: 'needs more information from you',
  rejected: 'was not accepted',
};

/** Why the last action was refused: the server's reasons, one per line, brought into view (the buttons sit at the bottom). */
export function ProblemAlert({ problem }: { problem: ActionProblem }) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new refusal (a new object) is brought into view
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
  }, [problem]);
  return (
    <div ref={ref}>
      <FormAlert>
        <p className="font-semibold">{problem.title}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {problem.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </FormAlert>
    </div>
  );
}

/** Paid tickets cannot go on sale until the organisation's identity verification is complete and payouts enabled. */
export function KycNotice({ status, payoutsEnabled }: { status: Organization['kycStatus']; payoutsEnabled: boolean }) {
  const payoutsOnly = status === 'verified' && !payoutsEnabled;
  return (
    <FormAlert tone="info">
      <p className="font-semibold">Publishing paid tickets needs verification</p>
      <p className="mt-1">
        {payoutsOnly
          ? 'Your organisation is verified, but payouts are not enabled yet.'
          : `Your organisation’s identity verification ${kycWords[status]}.`}{' '}
        You can save this event as a draft now; to publish it with paid tickets, verification must be complete and payouts
        enabled. Free tickets can be published at once.{' '}
        <a href="/kyc-status" className="font-semibold underline">
          See where verification stands
        </a>
      </p>
    </FormAlert>
  );
}
