import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { listOrganizationOwners, updateOrganization } from '../features/organizations/organizations.repository.ts';
import { findUserByEmail } from '../features/users/users.repository.ts';
import {
  findVerification,
  insertDocument,
  setSellingState,
  upsertVerification,
} from '../features/verification/verification.repository.ts';
import { specimenPdf } from './seed-documents.ts';
import { storeSeedImage } from './seed-images.ts';
import { type SeedProfile, seedProfiles } from './seed-organisations-data.ts';

const logosDir = join(import.meta.dirname, 'seed-assets', 'logos');
const dayMs = 86_400_000;
const minuteMs = 60_000;

/**
 * The demo organisations' public profiles (logo, About, city, website) and their verification as their owners sent
 * it, with documents: the two that sell are verified, approved by the demo administrator weeks ago; the new one waits
 * for a reviewer. Dated in the past, with the history the admin review shows. An organisation whose verification was
 * sent already is left as it is.
 */
export async function seedOrganisations(db: Db, dataDir: string, now = new Date()): Promise<void> {
  const organisations = await listOrganizationOwners(db);
  const reviewer = await findUserByEmail(db, 'admin@admit.demo');
  for (const profile of seedProfiles) {
    const organisation = organisations.find((candidate) => candidate.name === profile.organisation);
    if (!organisation) continue;
    if ((await findVerification(db, organisation.id))?.submitted_at) continue;
    const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * dayMs + minutes * minuteMs);
    const logo = await storeSeedImage(
      db,
      dataDir,
      organisation,
      join(logosDir, `${profile.logo}.png`),
      `seed/logos/${profile.logo}.png`,
    );
    await updateOrganization(db, organisation.id, {
      description: profile.about,
      city: profile.city,
      website: profile.website,
      contact_email: profile.contactEmail,
      logo_key: logo,
      timezone: 'Europe/London',
      social_links: JSON.stringify(profile.instagram ? { instagram: profile.instagram } : {}),
    });
    // Opened then, by its people: their accounts and memberships date from it too.
    const opened = daysAgo(profile.openedDaysAgo);
    await sql`update organizations set created_at = ${opened} where id = ${organisation.id}`.execute(db);
    await sql`update organization_members set created_at = ${opened} where organization_id = ${organisation.id}`.execute(db);
    await sql`update users set created_at = ${opened}
      where id in (select user_id from organization_members where organization_id = ${organisation.id})`.execute(db);
    await seedVerification(db, { ...organisation, reviewerId: reviewer?.id ?? null }, profile, daysAgo);
  }
}

async function seedVerification(
  db: Db,
  organisation: { id: string; owner_id: string; reviewerId: string | null },
  profile: SeedProfile,
  daysAgo: (days: number, minutes?: number) => Date,
): Promise<void> {
  const { seller } = profile;
  const sent = profile.submittedDaysAgo;
  const verified = profile.status === 'verified';
  const decidedAt = daysAgo(sent - 2);
  await upsertVerification(db, organisation.id, {
    seller_type: seller.type,
    legal_name: seller.legalName,
    country: 'GB',
    address_line: seller.addressLine,
    city: profile.city,
    postal_code: seller.postalCode,
    representative_birth_date: seller.representativeBirthDate,
    tax_id: seller.taxId,
    bank_account_holder: seller.bank.holder,
    bank_sort_code: seller.bank.sortCode,
    bank_account_last4: seller.bank.last4,
    bank_status: 'valid',
    submitted_at: daysAgo(sent),
    ...(verified ? { decided_at: decidedAt, decided_by: organisation.reviewerId } : {}),
  });
  const history: Array<{ action: string; at: Date; actor: string | null; details: Record<string, unknown> }> = [
    {
      action: 'verification.details_saved',
      at: daysAgo(sent, -40),
      actor: organisation.owner_id,
      details: { bankAccountChanged: true },
    },
  ];
  for (const [index, document] of profile.documents.entries()) {
    const at = daysAgo(sent, -30 + index * 6);
    const bytes = specimenPdf(document.title, documentLines(profile, document.kind));
    const row = await insertDocument(db, {
      organization_id: organisation.id,
      kind: document.kind,
      bytes,
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      file_name: document.fileName,
      uploaded_by: organisation.owner_id,
      uploaded_at: at,
    });
    history.push({
      action: 'verification.document_uploaded',
      at,
      actor: organisation.owner_id,
      details: { documentId: row.id, kind: document.kind },
    });
  }
  history.push({
    action: 'verification.submitted',
    at: daysAgo(sent),
    actor: organisation.owner_id,
    details: { before: 'unverified', after: 'pending' },
  });
  if (verified) {
    history.push({
      action: 'verification.approved',
      at: decidedAt,
      actor: organisation.reviewerId,
      details: { before: 'pending', after: 'verified' },
    });
  }
  await db
    .insertInto('audit_log')
    .values(
      history.map((entry) => ({
        actor_id: entry.actor,
        action: entry.action,
        subject_type: 'organization',
        subject_id: organisation.id,
        details: JSON.stringify(entry.details),
        created_at: entry.at,
      })),
    )
    .execute();
  // Verified with payouts enabled (the sandbox's bank account), so the demo organisations sell paid tickets.
  await setSellingState(db, organisation.id, {
    kyc_status: profile.status,
    payouts_enabled: verified,
    charges_enabled: verified,
  });
}

/** What a specimen document says: who, and for an organisation's papers, which organisation. */
function documentLines(profile: SeedProfile, kind: string): Array<[string, string]> {
  const { seller } = profile;
  if (kind === 'company') {
    return [
      ['Registered name', seller.legalName],
      ['Registered office', `${seller.addressLine}, ${profile.city} ${seller.postalCode}`],
      ['Registration number', seller.taxId],
    ];
  }
  if (kind === 'address') {
    return [
      ['Name', seller.legalName],
      ['Address', `${seller.addressLine}, ${profile.city} ${seller.postalCode}`],
      ['Issued', 'Council tax, this year'],
    ];
  }
  return [
    ['Name', seller.representative],
    ['Date of birth', seller.representativeBirthDate],
    ['Nationality', 'British'],
    ['Document number', `DEMO${seller.bank.last4}${seller.postalCode.replace(/\s/g, '')}`],
  ];
}
