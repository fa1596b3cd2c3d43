import { type AdminUserDetail, USER_DETAIL_ROWS } from '../../../src/contract/admin-user-detail.ts';
import type { CaseState } from '../../../src/contract/help-case-terms.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { notFound } from '../../lib/http-error.ts';
import { requirePermission } from './admin-access.service.ts';
import { auditEntries } from './admin-audit.service.ts';
import { findUserListRow } from './admin-lists.repository.ts';
import { casesOfPerson, ordersOfPerson, organisationsOfPerson } from './admin-user-detail.repository.ts';
import { toAdminUser } from './admin-users.service.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** One account with its orders, organisations, cases and history, for administrators who read users. */
export async function adminUserDetail(db: Db, caller: AccessClaims, userId: string): Promise<AdminUserDetail> {
  await requirePermission(db, caller, 'users.read');
  const row = await findUserListRow(db, userId);
  if (!row) throw notFound('That account');
  const person = { id: row.id, email: row.email };
  const [orders, organisations, cases, audit] = await Promise.all([
    ordersOfPerson(db, person, USER_DETAIL_ROWS),
    organisationsOfPerson(db, row.id),
    casesOfPerson(db, person, USER_DETAIL_ROWS),
    auditEntries(db, 'user', row.id),
  ]);
  return {
    user: toAdminUser(row),
    orders: orders.map((order) => ({
      id: order.id,
      reference: order.reference,
      status: order.status,
      eventTitle: order.event_title,
      total: order.total,
      currency: order.currency,
      test: order.provider === 'sandbox',
      createdAt: iso(order.created_at),
    })),
    organisations: organisations.map((organisation) => ({
      id: organisation.id,
      name: organisation.name,
      role: organisation.role,
      kycStatus: organisation.kyc_status,
      suspended: organisation.suspended_at !== null,
    })),
    cases: cases.map((item) => ({
      id: item.id,
      reference: item.reference,
      subject: item.subject,
      // An unconfirmed case is left out by the query.
      state: item.state as CaseState,
      createdAt: iso(item.created_at),
    })),
    audit,
  };
}
