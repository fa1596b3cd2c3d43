import { Link } from 'react-router';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDay } from '#components/format/date-time.ts';
import { VerificationBadge } from '#components/verification-status.tsx';
import type { AdminOrganiser } from '#contract/verification.ts';

interface OrganisersTableProps {
  organisers: readonly AdminOrganiser[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
}

/** Organisers found, each linking to its review page. */
export function OrganisersTable({ organisers, loading, error, onRetry }: OrganisersTableProps) {
  const columns: Column<AdminOrganiser>[] = [
    {
      id: 'name',
      header: 'Organiser',
      cell: (organiser) => (
        <Link to={`/admin/organisers/${organiser.id}`} className="font-semibold text-indigo-700 underline underline-offset-2">
          {organiser.name}
        </Link>
      ),
    },
    { id: 'owner', header: 'Owner', cell: (organiser) => <span className="break-all">{organiser.ownerEmail ?? '—'}</span> },
    {
      id: 'status',
      header: 'Verification',
      cell: (organiser) => (
        <span className="flex flex-wrap items-center gap-2">
          <VerificationBadge status={organiser.kycStatus} />
          {organiser.suspendedAt ? <span className="font-semibold text-red-700 text-sm">Suspended</span> : null}
        </span>
      ),
    },
    { id: 'payouts', header: 'Payouts', cell: (organiser) => (organiser.payoutsEnabled ? 'Enabled' : 'Not enabled') },
    { id: 'events', header: 'Events', align: 'end', cell: (organiser) => organiser.events },
    { id: 'members', header: 'Members', align: 'end', cell: (organiser) => organiser.members },
    { id: 'joined', header: 'Joined', cell: (organiser) => formatDay(organiser.createdAt) },
  ];
  return (
    <DataTable
      caption="Organisers"
      captionHidden
      columns={columns}
      rows={organisers}
      rowKey={(organiser) => organiser.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty="No organisers match this search."
    />
  );
}
