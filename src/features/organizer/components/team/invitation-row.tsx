import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDay } from '#components/format/date-time.ts';
import { roleLabels } from '#contract/permissions.ts';
import type { PendingInvitation } from '#contract/team.ts';
import { toast } from '#lib/toasts.tsx';
import { useInviteMember } from '../../api/invite-member.ts';
import { useWithdrawInvitation } from '../../api/withdraw-invitation.ts';
import { canWithdraw, type Viewer } from '../../utils/team-rules.ts';
import { RoleBadge } from './role-badge.tsx';

interface InvitationRowProps {
  organizationId: string;
  invitation: PendingInvitation;
  viewer: Viewer;
}

/** An invitation waiting for its answer: send it again (a new link) or withdraw it. */
export function InvitationRow({ organizationId, invitation, viewer }: InvitationRowProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const withdraw = useWithdrawInvitation();
  const resend = useInviteMember();
  const allowed = canWithdraw(viewer, invitation);
  const busy = withdraw.isPending || resend.isPending;

  return (
    <li className="py-4" aria-label={`Invitation to ${invitation.email}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-semibold text-slate-900">{invitation.email}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600 text-sm">
            <RoleBadge role={invitation.role} />
            {invitation.expired ? (
              <span className="font-semibold text-red-700">Expired {formatDay(invitation.expiresAt)}</span>
            ) : (
              <span>Expires {formatDay(invitation.expiresAt)}</span>
            )}
          </p>
          <p className="mt-1 text-slate-500 text-sm">
            Invited {formatDay(invitation.invitedAt)}
            {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''}
          </p>
        </div>
        {allowed ? (
          <div className="flex gap-2 *:flex-1 sm:*:flex-none">
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={() => {
                setProblem(null);
                resend
                  .mutateAsync({ organizationId, invitation: { email: invitation.email, role: invitation.role } })
                  .then(() => toast.success(`A new invitation is on its way to ${invitation.email}.`))
                  .catch((error: unknown) => setProblem(serverMessage(error)));
              }}
            >
              {resend.isPending ? 'Sending…' : 'Send again'}
              <span className="sr-only"> to {invitation.email}</span>
            </button>
            <button
              type="button"
              className={buttonClass('danger')}
              disabled={busy}
              onClick={() => {
                setProblem(null);
                // The row leaves the list on success, so the outcome is read from the promise, which outlives it.
                withdraw
                  .mutateAsync({ organizationId, invitationId: invitation.id })
                  .then(() => toast.success(`The invitation to ${invitation.email} is withdrawn.`))
                  .catch((error: unknown) => setProblem(serverMessage(error)));
              }}
            >
              {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
              <span className="sr-only"> the invitation to {invitation.email}</span>
            </button>
          </div>
        ) : (
          <p className="text-slate-500 text-sm">
            Only owners can withdraw an invitation to become {roleLabels.owner.toLowerCase()}.
          </p>
        )}
      </div>
      {problem ? (
        <p role="alert" className="mt-2 font-medium text-red-700 text-sm">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
