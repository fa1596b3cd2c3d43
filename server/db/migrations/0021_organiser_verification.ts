import { type Kysely, sql } from 'kysely';

// Who sells on Admit, and whether they may be paid. One verification record per organisation (the seller's
// details, the sandbox bank account, what a payments provider or a reviewer still needs), documents kept in
// private storage by key, and on the organisation itself the two facts every sale reads: the verification
// state (now with `action_required`) and whether payouts are enabled. An administrator may suspend an
// organiser: its events stop selling. Every change of state is written to the audit log by the service.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations drop constraint if exists organizations_kyc_status_check`.execute(db);
  await sql`alter table organizations add constraint organizations_kyc_status_check
    check (kyc_status in ('unverified', 'pending', 'verified', 'action_required', 'rejected'))`.execute(db);
  await sql`alter table organizations
    add column payouts_enabled boolean not null default false,
    add column charges_enabled boolean not null default false,
    add column suspended_at timestamptz,
    add column suspension_reason text`.execute(db);
  // Organisations verified before this record existed (the demo data) keep selling.
  await sql`update organizations set payouts_enabled = true, charges_enabled = true where kyc_status = 'verified'`.execute(db);

  await sql`
    create table organization_verifications (
      organization_id uuid primary key references organizations (id) on delete cascade,
      seller_type text check (seller_type in ('individual', 'company')),
      legal_name text,
      country char(2),
      address_line text,
      city text,
      postal_code text,
      representative_birth_date date,
      tax_id text,
      bank_account_holder text,
      bank_sort_code text,
      bank_account_last4 text,
      bank_status text check (bank_status in ('valid', 'failed')),
      action_required text,
      action_deadline timestamptz,
      rejection_reason text,
      requirements_due text[] not null default '{}',
      requirements_past_due text[] not null default '{}',
      disabled_reason text,
      provider_state_at timestamptz,
      submitted_at timestamptz,
      decided_at timestamptz,
      decided_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table verification_documents (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations (id) on delete cascade,
      kind text not null check (kind in ('identity', 'address', 'company')),
      bytes bytea not null,
      content_type text not null,
      size_bytes integer not null check (size_bytes > 0),
      file_name text not null,
      uploaded_by uuid references users (id) on delete set null,
      uploaded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index verification_documents_org_idx on verification_documents (organization_id, uploaded_at)`.execute(db);
  await sql`create index organizations_kyc_created_idx on organizations (kyc_status, created_at, id)`.execute(db);
  await sql`create index organizations_created_idx on organizations (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index organizations_created_idx`.execute(db);
  await sql`drop index organizations_kyc_created_idx`.execute(db);
  await sql`drop table verification_documents`.execute(db);
  await sql`drop table organization_verifications`.execute(db);
  await sql`update organizations set kyc_status = 'pending' where kyc_status = 'action_required'`.execute(db);
  await sql`alter table organizations drop constraint organizations_kyc_status_check`.execute(db);
  await sql`alter table organizations add constraint organizations_kyc_status_check
    check (kyc_status in ('unverified', 'pending', 'verified', 'rejected'))`.execute(db);
  await sql`alter table organizations
    drop column payouts_enabled, drop column charges_enabled, drop column suspended_at, drop column suspension_reason`.execute(
    db,
  );
}
