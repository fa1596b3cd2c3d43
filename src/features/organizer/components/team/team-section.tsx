import { buttonClass } from '#components/button.ts';
import { FormCard } from '#components/fields/form-card.tsx';
import { useTeam } from '../../api/get-team.ts';
import type { Viewer } from '../../utils/team-rules.ts';
import { InvitationRow } from './invitation-row.tsx';
import { InviteForm } from './invite-form.tsx';
import { MemberRow } from './member-row.tsx';

interface TeamSectionProps {
  organizationId: string;
  organizationName: string;
  viewer: Viewer;
}

/** The team, for owners and managers: invite, see who is in and who is invited, change roles, remove. */
export function TeamSection({ organizationId, organizationName, viewer }: TeamSectionProps) {
  const team = useTeam(organizationId);
  return (
    <div className="space-y-6">
      <FormCard id="team-title" title="Team" intro="Only owners can make someone an owner. No one can change their own role.">
        {team.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-red-800">The team could not be loaded.</p>
            <button type="button" className={buttonClass('secondary')} onClick={() => void team.refetch()}>
              Try again
            </button>
          </div>
        ) : !team.data ? (
          <p className="text-slate-600">Loading the team…</p>
        ) : (
          <>
            <ul className="-mt-4 divide-y divide-slate-200" aria-label="Members">
              {team.data.members.map((member) => (
                <MemberRow key={member.userId} organizationId={organizationId} member={member} viewer={viewer} />
              ))}
            </ul>
            <section aria-labelledby="invitations-title" className="border-slate-200 border-t pt-5">
              <h3 id="invitations-title" className="font-semibold text-slate-900">
                Waiting for an answer
              </h3>
              {team.data.invitations.length === 0 ? (
                <p className="mt-1 text-slate-600 text-sm">No open invitations.</p>
              ) : (
                <ul className="divide-y divide-slate-200" aria-label="Open invitations">
                  {team.data.invitations.map((invitation) => (
                    <InvitationRow key={invitation.id} organizationId={organizationId} invitation={invitation} viewer={viewer} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </FormCard>

      <FormCard
        id="invite-title"
        title="Invite someone"
        intro={`They get an email with a link to join ${organizationName}. The link works once and lasts 7 days.`}
      >
        <InviteForm organizationId={organizationId} viewer={viewer} />
      </FormCard>
    </div>
  );
}
