import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverFieldErrors } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import type { AdminPermission } from '#contract/admin.ts';
import { useCreateGroup } from '../api/groups.ts';
import { ActionProblem } from './action-problem.tsx';
import { PermissionChecklist } from './permission-checklist.tsx';

/** A new group: its name and permissions; members are added on its own page, which opens next. */
export function CreateGroupForm() {
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<AdminPermission[]>([]);
  const [problem, setProblem] = useState<{ name?: string; form?: ReactNode }>({});
  const create = useCreateGroup();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) {
      setProblem({ name: 'At least 2 characters.' });
      return;
    }
    setProblem({});
    create
      .mutateAsync({ name: name.trim(), permissions })
      .then((group) => navigate(`/admin/user-groups/${group.id}`))
      .catch((error: unknown) => {
        const fields = serverFieldErrors(error);
        setProblem(fields.name ? { name: fields.name } : { form: <ActionProblem failure={error} /> });
      });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">New group</h2>
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem.name}
        maxLength={60}
      />
      <PermissionChecklist value={permissions} onChange={setPermissions} />
      {problem.form ? <FormAlert>{problem.form}</FormAlert> : null}
      <SubmitButton busy={create.isPending} busyLabel="Creating…" inline>
        Create group
      </SubmitButton>
    </form>
  );
}
