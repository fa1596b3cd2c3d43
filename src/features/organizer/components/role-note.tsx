import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberRole } from '#contract/users.ts';

const notes: Partial<Record<MemberRole, { youAre: string; text: ReactNode }>> = {
  door: {
    youAre: 'You are door staff',
    text: (
      <>
        You can see the organisation’s events here. To check in tickets at the door, open{' '}
        <Link to="/organizer/scan-ticket" className="link">
          Scan tickets
        </Link>
        , pick the event and download its tickets to this device; when a code will not scan,{' '}
        <Link to="/organizer/validate-ticket/search" className="link">
          find the ticket
        </Link>{' '}
        by name, email or order reference.
      </>
    ),
  },
  finance: {
    youAre: 'You are on the finance team',
    text: (
      <>
        You can see the organisation’s events here, its orders and refunds in{' '}
        <Link to="/organizer/payments" className="link">
          Payments
        </Link>
        , its balance in{' '}
        <Link to="/organizer/payouts" className="link">
          Payouts
        </Link>{' '}
        and its money in{' '}
        <Link to="/organizer/reports" className="link">
          Reports
        </Link>
        .
      </>
    ),
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
