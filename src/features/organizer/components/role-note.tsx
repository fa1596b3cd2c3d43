import type { MemberRole } from '../../../contract/users.ts';

const notes: Partial<Record<MemberRole, { youAre: string; text: string }>> = {
  door: {
    youAre: 'You are door staff',
    text: 'You can see the organisation’s events here and check in tickets at the door. Scanning opens in this area soon.',
  },
  finance: {
    youAre: 'You are on the finance team',
    text: 'You can see the organisation’s events here; orders, payments and refunds open in this area soon.',
  },
};

/** For members who cannot edit: what their role is for, instead of buttons the API would refuse. */
export function RoleNote({ role, organizationName }: { role: MemberRole | null | undefined; organizationName?: string }) {
  const note = role ? notes[role] : undefined;
  if (!note) return null;
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 leading-relaxed">
      <p className="font-semibold">
        {note.youAre}
        {organizationName ? ` at ${organizationName}` : ''}.
      </p>
      <p className="mt-1 text-sm">{note.text} Events, the profile and the team are changed by owners and managers.</p>
    </div>
  );
}
