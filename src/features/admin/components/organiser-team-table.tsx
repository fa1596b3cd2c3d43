import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDay } from '#components/format/date-time.ts';
import { roleLabels } from '#contract/permissions.ts';
import type { AdminTeam } from '#contract/verification.ts';
import { toast } from '#lib/toasts.tsx';
import { useRemoveOrganiserMember } from '../api/organisers.ts';
import { ReasonDialog } from './reason-dialog.tsx';

type Member = AdminTeam['members'][number];

/** An organiser's members and roles, each removable with a reason (the server keeps the last owner). */
export function OrganiserTeamTable({ organiserId, team }: { organiserId: string; team: AdminTeam }) {
  const remove = useRemoveOrganiserMember();
  const [target, setTarget] = useState<Member | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const columns: Column<Member>[] = [
    { id: 'name', header: 'Name', cell: (member) => <span className="font-semibold text-slate-900">{member.name}</span> },
    { id: 'email', header: 'Email', cell: (member) => <span className="break-all">{member.email}</span> },
    { id: 'role', header: 'Role', cell: (member) => roleLabels[member.role] },
    { id: 'joined', header: 'Joined', cell: (member) => formatDay(member.joinedAt) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (member) => (
        <button
          type="button"
          className={buttonClass('danger', 'small')}
          onClick={() => {
            setProblem(null);
            setTarget(member);
          }}
        >
          Remove<span className="sr-only"> {member.email}</span>
        </button>
      ),
    },
  ];
  const confirm = (reason: string) => {
    if (!target) return;
    remove.mutate(
      { organiserId, userId: target.userId, reason },
      {
        onSuccess: () => {
          toast.success(`${target.email} is removed from ${team.organisationName}.`);
          setTarget(null);
        },
        onError: (failure) => setProblem(serverMessage(failure)),
      },
    );
  };
  return (
    <>
      <DataTable
        caption={`Members of ${team.organisationName}`}
        captionHidden
        columns={columns}
        rows={team.members}
        rowKey={(member) => member.userId}
        empty="This organiser has no members."
      />
      <ReasonDialog
        open={target !== null}
        title={`Remove ${target?.email ?? ''}`}
        description={`They lose access to ${team.organisationName} at once. The reason is recorded in the audit log. The last owner cannot be removed.`}
        confirmLabel="Remove member"
        busy={remove.isPending}
        problem={problem}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
