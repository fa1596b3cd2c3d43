import { type FormEvent, type ReactNode, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverFieldErrors } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import type { AdminPermission, GroupDetail } from '#contract/admin.ts';
import { toast } from '#lib/toasts.tsx';
import { useUpdateGroup } from '../api/groups.ts';
import { ActionProblem } from './action-problem.tsx';
import { PermissionChecklist } from './permission-checklist.tsx';

/** The group's name and permissions; the built-in group's permissions are fixed (it holds them all). */
export function GroupSettings({ group }: { group: GroupDetail }) {
  const [name, setName] = useState(group.name);
  const [permissions, setPermissions] = useState<AdminPermission[]>(group.permissions);
  const [problem, setProblem] = useState<{ name?: string; form?: ReactNode }>({});
  const update = useUpdateGroup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem({});
    const changes = group.builtIn ? { name: name.trim() } : { name: name.trim(), permissions };
    update
      .mutateAsync({ groupId: group.id, ...changes })
      .then(() => toast.success('The group is saved.'))
      .catch((error: unknown) => {
        const fields = serverFieldErrors(error);
        setProblem(fields.name ? { name: fields.name } : { form: <ActionProblem failure={error} /> });
      });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">Name and permissions</h2>
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem.name}
        maxLength={60}
      />
      {group.builtIn ? (
        <p className="text-slate-600">The built-in group always holds every permission.</p>
      ) : (
        <PermissionChecklist value={permissions} onChange={setPermissions} />
      )}
      {problem.form ? <FormAlert>{problem.form}</FormAlert> : null}
      <SubmitButton busy={update.isPending} busyLabel="Saving…" inline>
        Save group
      </SubmitButton>
    </form>
  );
}
