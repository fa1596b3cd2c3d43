import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import { roleDescriptions, roleLabels } from '#contract/permissions.ts';
import { inviteMemberSchema } from '#contract/team.ts';
import type { MemberRole } from '#contract/users.ts';
import { toast } from '#lib/toasts.tsx';
import { useInviteMember } from '../../api/invite-member.ts';
import { type PathErrors, serverPathErrors, validateByPath } from '../../utils/field-errors.ts';
import { assignableRoles, type Viewer } from '../../utils/team-rules.ts';

/** Invite by email with a role; the invitation is mailed and appears under "Waiting for an answer". */
export function InviteForm({ organizationId, viewer }: { organizationId: string; viewer: Viewer }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('door');
  const [errors, setErrors] = useState<PathErrors>({});
  const invite = useInviteMember();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const checked = validateByPath(inviteMemberSchema, { email, role });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    invite.mutate(
      { organizationId, invitation: checked.data },
      {
        onSuccess: (sent) => {
          setEmail('');
          toast.success(`Invitation sent to ${sent.email}.`);
        },
        onError: (error) => setErrors(serverPathErrors(error, (path) => path === 'email' || path === 'role')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite someone" className="space-y-4">
      {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          label="Email address"
          name="inviteEmail"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors(({ email: _, ...rest }) => rest);
          }}
        />
        <SelectField
          label="Role"
          name="inviteRole"
          value={role}
          error={errors.role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
        >
          {assignableRoles(viewer).map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-slate-600 text-sm">
        <span className="font-semibold text-slate-800">{roleLabels[role]}:</span> {roleDescriptions[role]}
      </p>
      <SubmitButton busy={invite.isPending} busyLabel="Sending…" inline>
        Send invitation
      </SubmitButton>
    </form>
  );
}
