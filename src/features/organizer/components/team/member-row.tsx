import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { controlClass } from '#components/fields/control-class.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDay } from '#components/format/date-time.ts';
import { roleLabels } from '#contract/permissions.ts';
import type { TeamMember } from '#contract/team.ts';
import type { MemberRole } from '#contract/users.ts';
import { toast } from '#lib/toasts.tsx';
import { useChangeMemberRole } from '../../api/change-member-role.ts';
import { useRemoveMember } from '../../api/remove-member.ts';
import { assignableRoles, memberLock, type Viewer } from '../../utils/team-rules.ts';
import { RoleBadge } from './role-badge.tsx';

interface MemberRowProps {
  organizationId: string;
  member: TeamMember;
  viewer: Viewer;
}

/** One member: who, since when, and (when the viewer may) their role and a remove button with a confirmation. */
export function MemberRow({ organizationId, member, viewer }: MemberRowProps) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const lock = memberLock(viewer, member);
  const name = `${member.firstName} ${member.lastName}`;
  const isViewer = member.userId === viewer.userId;
  const roleId = `member-role-${member.userId}`;

  const change = (role: MemberRole) => {
    setProblem(null);
    changeRole.mutate(
      { organizationId, userId: member.userId, role },
      {
        onSuccess: (saved) => toast.success(`${name} is now ${roleLabels[saved.role].toLowerCase()}.`),
        onError: (error) => setProblem(serverMessage(error)),
      },
    );
  };

  const confirmRemove = () => {
    setProblem(null);
    // The row leaves the list on success, so the outcome is read from the promise, which outlives it.
    remove
      .mutateAsync({ organizationId, userId: member.userId })
      .then(() => toast.success(`${name} is no longer in the team.`))
      .catch((error: unknown) => {
        setConfirming(false);
        setProblem(serverMessage(error));
      });
  };

  return (
    <li className="py-4" aria-label={name}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {name}
            {isViewer ? <span className="ml-2 font-normal text-slate-500 text-sm">(you)</span> : null}
          </p>
          <p className="break-all text-slate-600 text-sm">{member.email}</p>
          <p className="text-slate-500 text-sm">Joined {formatDay(member.joinedAt)}</p>
        </div>
        {lock ? (
          <div className="flex items-center gap-2" title={lock}>
            <RoleBadge role={member.role} />
          </div>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-40 flex-1 sm:flex-none">
              <label htmlFor={roleId} className="sr-only">
                Role of {name}
              </label>
              <select
                id={roleId}
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(event) => change(event.target.value as MemberRole)}
                className={`h-12 ${controlClass(false)}`}
              >
                {assignableRoles(viewer).map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </select>
            </div>
            {confirming ? null : (
              <button type="button" className={buttonClass('danger')} onClick={() => setConfirming(true)}>
                Remove<span className="sr-only"> {name}</span>
              </button>
            )}
          </div>
        )}
      </div>
      {confirming ? (
        <fieldset className="mt-3 rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
          <legend className="sr-only">Remove {name}?</legend>
          <p className="text-red-900 text-sm">
            Remove {name} from the team? They lose access to the organiser area at once. You can invite them again later.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <button type="button" className={buttonClass('danger')} disabled={remove.isPending} onClick={confirmRemove}>
              {remove.isPending ? 'Removing…' : `Yes, remove ${member.firstName}`}
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        </fieldset>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-2 font-medium text-red-700 text-sm">
          {problem}
        </p>
      ) : null}
      {lock && !isViewer ? <p className="mt-1 text-slate-500 text-sm">{lock}</p> : null}
    </li>
  );
}
