import type { KycStatus } from '../../../src/contract/users.ts';
import type {
  AdminOrganiser,
  AdminOrganiserDetail,
  AdminOrganiserPage,
  AdminTeam,
  VerificationDecision,
} from '../../../src/contract/verification.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { brand, escapeHtml, mailPage } from '../../lib/mail/templates.ts';
import { takeOutMember, teamMembers } from '../team/team.service.ts';
import {
  decideVerification,
  openDocument,
  presentVerification,
  type VerificationDeps,
} from '../verification/verification.service.ts';
import { requirePermission } from './admin-access.service.ts';
import {
  findOrganiser,
  lockOrganiser,
  membersToTell,
  type OrganiserRow,
  organiserHistory,
  searchOrganisers,
  setSuspension,
} from './admin-organisers.repository.ts';
import { adminPageSize } from './admin-page-size.ts';

const review = 'organisers.review' as const;

function toOrganiser(row: NonNullable<OrganiserRow>): AdminOrganiser {
  return {
    id: row.id,
    name: row.name,
    kycStatus: row.kyc_status,
    payoutsEnabled: row.payouts_enabled,
    ownerEmail: row.owner_email ?? null,
    members: Number(row.members ?? 0),
    events: Number(row.events ?? 0),
    suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listOrganisers(
  db: Db,
  caller: AccessClaims,
  query: { q?: string | undefined; status?: KycStatus | undefined; after?: string | undefined },
  size = adminPageSize,
): Promise<AdminOrganiserPage> {
  await requirePermission(db, caller, review);
  const rows = await searchOrganisers(db, { q: query.q || undefined, status: query.status }, decodeCursor(query.after), size + 1);
  const page = pageOf(rows, size);
  return { items: page.items.map(toOrganiser), next: page.next };
}

export async function getOrganiser(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  caller: AccessClaims,
  organizationId: string,
): Promise<AdminOrganiserDetail> {
  await requirePermission(deps.db, caller, review);
  const row = await findOrganiser(deps.db, organizationId);
  if (!row) throw notFound('That organiser');
  const history = await organiserHistory(deps.db, organizationId, 50);
  return {
    organiser: {
      ...toOrganiser(row),
      description: row.description,
      city: row.city,
      contactEmail: row.contact_email,
      website: row.website,
      suspensionReason: row.suspension_reason,
    },
    verification: await presentVerification(deps, organizationId),
    history: history.map((entry) => ({
      at: new Date(entry.created_at).toISOString(),
      action: entry.action,
      actorEmail: entry.actor_email,
      details: entry.details,
    })),
  };
}

/** A reviewer reads a document: allowed by 'organisers.review', and every reading is recorded. */
export async function readOrganiserDocument(
  deps: Pick<VerificationDeps, 'db'>,
  caller: AccessClaims,
  organizationId: string,
  documentId: string,
) {
  const actorId = await requirePermission(deps.db, caller, review);
  const opened = await openDocument(deps, organizationId, documentId);
  await recordAudit(deps.db, {
    actorId,
    action: 'verification.document_read',
    subjectType: 'organization',
    subjectId: organizationId,
    details: { documentId },
  });
  return opened;
}

export async function decideOrganiser(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  caller: AccessClaims,
  organizationId: string,
  decision: VerificationDecision,
) {
  const actorId = await requirePermission(deps.db, caller, review);
  await getOrganiserOr404(deps.db, organizationId);
  await decideVerification(deps, actorId, organizationId, decision);
  return getOrganiser(deps, caller, organizationId);
}

async function getOrganiserOr404(db: Db, organizationId: string) {
  const row = await findOrganiser(db, organizationId);
  if (!row) throw notFound('That organiser');
  return row;
}

function suspensionMail(input: { name: string; organisation: string; suspend: boolean; reason: string; link: string }) {
  const subject = input.suspend ? `${input.organisation} is suspended on Admit` : `${input.organisation} can sell again on Admit`;
  const body = input.suspend
    ? `An administrator suspended ${input.organisation}: its events stop selling and payouts are held until it is reinstated. The reason: ${input.reason}. Reply through the help desk to talk about it.`
    : `An administrator reinstated ${input.organisation}: its published events are on sale again. The note: ${input.reason}.`;
  const e = escapeHtml;
  return {
    subject,
    text: `Hello ${input.name},\n\n${body}\n\n${input.link}\n\n— Admit\n`,
    html: mailPage(
      subject,
      `<p style="margin:0 0 16px;font-size:16px;">${e(`Hello ${input.name},`)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${e(body)}</p>
<p style="margin:0;text-align:center;"><a href="${e(input.link)}" style="display:inline-block;padding:12px 24px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Open Admit</a></p>`,
    ),
  };
}

/** Suspends (its events stop selling) or reinstates an organiser, with a reason; every member is told. */
export async function setOrganiserSuspended(
  deps: Pick<VerificationDeps, 'db' | 'config'>,
  caller: AccessClaims,
  organizationId: string,
  input: { suspend: boolean; reason: string },
) {
  const actorId = await requirePermission(deps.db, caller, review);
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOrganiser(trx, organizationId);
    if (!row) throw notFound('That organiser');
    if (input.suspend === Boolean(row.suspended_at)) {
      throw new HttpError(
        'CONFLICT',
        input.suspend ? 'This organiser is suspended already.' : 'This organiser is not suspended.',
      );
    }
    await setSuspension(trx, organizationId, input.suspend ? { at: new Date(), reason: input.reason } : null);
    await recordAudit(trx, {
      actorId,
      action: input.suspend ? 'organisation.suspended' : 'organisation.reinstated',
      subjectType: 'organization',
      subjectId: organizationId,
      details: {
        reason: input.reason,
        before: input.suspend ? 'active' : 'suspended',
        after: input.suspend ? 'suspended' : 'active',
      },
    });
    for (const member of await membersToTell(trx, organizationId)) {
      const mail = suspensionMail({
        name: member.first_name,
        organisation: row.name,
        suspend: input.suspend,
        reason: input.reason,
        link: `${deps.config.publicOrigin}/organizer/dashboard`,
      });
      await enqueueMail(trx, { to: member.email, ...mail });
    }
  });
  return getOrganiser(deps, caller, organizationId);
}

export async function getOrganiserTeam(db: Db, caller: AccessClaims, organizationId: string): Promise<AdminTeam> {
  await requirePermission(db, caller, review);
  const row = await getOrganiserOr404(db, organizationId);
  const members = await teamMembers(db, organizationId);
  return {
    organisationName: row.name,
    members: members.map((member) => ({
      userId: member.user_id,
      name: `${member.first_name} ${member.last_name}`.trim(),
      email: member.email,
      role: member.role,
      joinedAt: new Date(member.created_at).toISOString(),
    })),
  };
}

/** Removes a member with a reason (never the last owner: the organisation would have nobody to run it). */
export async function removeOrganiserMember(
  db: Db,
  caller: AccessClaims,
  organizationId: string,
  userId: string,
  reason: string,
): Promise<AdminTeam> {
  const actorId = await requirePermission(db, caller, review);
  await db.transaction().execute(async (trx) => {
    const row = await lockOrganiser(trx, organizationId);
    if (!row) throw notFound('That organiser');
    const removed = await takeOutMember(trx, organizationId, userId);
    if (!removed) throw notFound('That member');
    const target = removed.member;
    if (removed.noOwnerLeft) {
      throw new HttpError('CONFLICT', 'The last owner cannot be removed: the organisation would have nobody to run it.');
    }
    await recordAudit(trx, {
      actorId,
      action: 'team.member_removed',
      subjectType: 'organization',
      subjectId: organizationId,
      details: { userId, role: target.role, email: target.email, reason, by: 'administrator' },
    });
  });
  return getOrganiserTeam(db, caller, organizationId);
}
