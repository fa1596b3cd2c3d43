import { type FormEvent, type ReactNode, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverFieldErrors } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { formatDay } from '#components/format/date-time.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { GroupDetail } from '#contract/admin.ts';
import { toast } from '#lib/toasts.tsx';
import { useAddGroupMember, useRemoveGroupMember } from '../api/groups.ts';
import { ActionProblem } from './action-problem.tsx';

/** The administrators in the group: add one by email, remove one (never the built-in group's last). */
export function GroupMembers({ group }: { group: GroupDetail }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<{ email?: string; form?: ReactNode }>({});
  const add = useAddGroupMember();
  const remove = useRemoveGroupMember();
  const lastOfBuiltIn = group.builtIn && group.memberList.length <= 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    add
      .mutateAsync({ groupId: group.id, email: email.trim() })
      .then(() => {
        setEmail('');
        toast.success('The administrator is added.');
      })
      .catch((error: unknown) => {
        const fields = serverFieldErrors(error);
        setProblem(fields.email ? { email: fields.email } : { form: <ActionProblem failure={error} /> });
      });
  };

  return (
    <section aria-labelledby="members-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="members-title" className="font-bold text-lg text-slate-900">
        Members ({group.memberList.length})
      </h2>
      {group.memberList.length === 0 ? <p className="text-slate-600">Nobody is in this group yet.</p> : null}
      <ul className="divide-y divide-slate-200">
        {group.memberList.map((member) => (
          <li key={member.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{member.name}</p>
              <p className="break-all text-slate-600 text-sm">
                {member.email} · added {formatDay(member.addedAt)}
              </p>
            </div>
            {lastOfBuiltIn ? (
              <p className="text-slate-500 text-sm">The built-in group keeps its last member.</p>
            ) : (
              <button
                type="button"
                className={buttonClass('secondary', 'small')}
                disabled={remove.isPending}
                onClick={() =>
                  remove
                    .mutateAsync({ groupId: group.id, userId: member.userId })
                    .then(() => toast.success(`${member.email} is removed from the group.`))
                    .catch((error: unknown) => setProblem({ form: <ActionProblem failure={error} /> }))
                }
              >
                Remove<span className="sr-only"> {member.email}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate className="space-y-3 border-slate-200 border-t pt-4">
        <TextField
          label="Add an administrator by email"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem.email}
        />
        {problem.form ? <FormAlert>{problem.form}</FormAlert> : null}
        <SubmitButton busy={add.isPending} busyLabel="Adding…" inline>
          Add to group
        </SubmitButton>
      </form>
    </section>
  );
}
