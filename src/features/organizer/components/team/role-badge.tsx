import { roleLabels } from '#contract/permissions.ts';
import type { MemberRole } from '#contract/users.ts';

const tones: Record<MemberRole, string> = {
  owner: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  manager: 'bg-sky-50 text-sky-800 ring-sky-200',
  finance: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  door: 'bg-amber-50 text-amber-900 ring-amber-200',
};

export function RoleBadge({ role }: { role: MemberRole }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-sm ring-1 ${tones[role]}`}>
      {roleLabels[role]}
    </span>
  );
}
