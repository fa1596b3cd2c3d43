import { Link } from 'react-router';
import { linkClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDay } from '#components/format/date-time.ts';
import { statusLabels, statusTones } from '#components/order-status.ts';
import { TestBadge } from '#components/test-badge.tsx';
import type { AdminUserDetail } from '#contract/admin-user-detail.ts';
import { caseStateLabels } from '#contract/help-case-terms.ts';
import { formatMoney } from '#contract/money.ts';
import { roleLabels } from '#contract/permissions.ts';
import { kycStatusLabels } from '#contract/verification.ts';
import { AuditTable } from './audit-table.tsx';
import { AdminCard, Pill } from './list-filters.tsx';

type Order = AdminUserDetail['orders'][number];
type Organisation = AdminUserDetail['organisations'][number];
type Case = AdminUserDetail['cases'][number];

interface Links {
  /** Whether the caller may open orders, organisers and cases (the pages check it again). */
  orders: boolean;
  organisers: boolean;
  cases: boolean;
}

/** A link to the object's page for those who may open it; its plain text for the others. */
function MaybeLink({ open, to, mono = false, children }: { open: boolean; to: string; mono?: boolean; children: string }) {
  const font = mono ? 'font-mono' : '';
  return open ? (
    <Link to={to} className={`${linkClass} ${font}`}>
      {children}
    </Link>
  ) : (
    <span className={font}>{children}</span>
  );
}

const orderColumns = (open: boolean): Column<Order>[] => [
  {
    id: 'reference',
    header: 'Order',
    cell: (order) => (
      <MaybeLink open={open} to={`/admin/orders?order=${order.id}`} mono>
        {order.reference}
      </MaybeLink>
    ),
  },
  { id: 'event', header: 'Event', cell: (order) => order.eventTitle },
  {
    id: 'status',
    header: 'Status',
    cell: (order) => (
      <span className="inline-flex flex-wrap gap-1">
        <Pill tone={statusTones[order.status]}>{statusLabels[order.status]}</Pill>
        {order.test ? <TestBadge /> : null}
      </span>
    ),
  },
  { id: 'total', header: 'Total', align: 'end', cell: (order) => formatMoney(order.total, order.currency) },
  { id: 'placed', header: 'Placed', cell: (order) => formatDay(order.createdAt) },
];

const organisationColumns = (open: boolean): Column<Organisation>[] => [
  {
    id: 'name',
    header: 'Organisation',
    cell: (organisation) => (
      <MaybeLink open={open} to={`/admin/organisers/${organisation.id}`}>
        {organisation.name}
      </MaybeLink>
    ),
  },
  { id: 'role', header: 'Role', cell: (organisation) => roleLabels[organisation.role] },
  {
    id: 'verification',
    header: 'Verification',
    cell: (organisation) => (
      <>
        {kycStatusLabels[organisation.kycStatus]}
        {organisation.suspended ? <span className="ml-2 font-semibold text-red-700">Suspended</span> : null}
      </>
    ),
  },
];

const caseColumns = (open: boolean): Column<Case>[] => [
  {
    id: 'reference',
    header: 'Case',
    cell: (item) => (
      <MaybeLink open={open} to={`/admin/cases/${item.id}`} mono>
        {item.reference}
      </MaybeLink>
    ),
  },
  { id: 'subject', header: 'Subject', cell: (item) => item.subject },
  { id: 'state', header: 'State', cell: (item) => caseStateLabels[item.state] },
  { id: 'raised', header: 'Raised', cell: (item) => formatDay(item.createdAt) },
];

/** One account for support: who it is, then its newest orders and cases, its organisations and its history. */
export function UserDetail({ detail, links }: { detail: AdminUserDetail; links: Links }) {
  const { user } = detail;
  const table = { captionHidden: true };
  return (
    <div className="space-y-6">
      <AdminCard title={user.name} id="user-title">
        <dl className="grid gap-2 text-slate-800 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="font-semibold">Joined</dt>
          <dd>{formatDay(user.createdAt)}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>
            {user.suspendedAt
              ? `Suspended ${formatDay(user.suspendedAt)}${user.suspensionReason ? `: ${user.suspensionReason}` : ''}`
              : user.emailConfirmed
                ? 'Active'
                : 'Email not confirmed'}
            {user.isAdmin ? ' · Administrator' : ''}
          </dd>
        </dl>
      </AdminCard>
      <AdminCard title="Orders" id="user-orders-title">
        <DataTable
          {...table}
          caption="Orders"
          columns={orderColumns(links.orders)}
          rows={detail.orders}
          rowKey={(order) => order.id}
          empty="No orders, signed in or with this address."
        />
      </AdminCard>
      <AdminCard title="Organisations" id="user-organisations-title">
        <DataTable
          {...table}
          caption="Organisations"
          columns={organisationColumns(links.organisers)}
          rows={detail.organisations}
          rowKey={(organisation) => organisation.id}
          empty="Not a member of any organisation."
        />
      </AdminCard>
      <AdminCard title="Cases" id="user-cases-title">
        <DataTable
          {...table}
          caption="Cases"
          columns={caseColumns(links.cases)}
          rows={detail.cases}
          rowKey={(item) => item.id}
          empty="No help desk cases."
        />
      </AdminCard>
      <AdminCard title="History" id="user-history-title">
        <AuditTable entries={detail.audit} loading={false} error={null} onRetry={() => undefined} ofOneObject />
      </AdminCard>
    </div>
  );
}
