import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Append-only trail of notable actions (check-ins, payments, admin actions). */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  details: ColumnType<Record<string, unknown>, Record<string, unknown> | string, never>;
  created_at: CreatedAt;
}

/** Facts about this database itself, such as when demo data was seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Date-only; pg returns it as a string `yyyy-MM-dd`. */
  date_of_birth: ColumnType<string, string, string>;
  user_type: 'attendee' | 'organiser';
  is_admin: Generated<boolean>;
  email_confirmed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  kyc_status: Generated<'unverified' | 'pending' | 'verified' | 'rejected'>;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: 'owner' | 'manager' | 'finance' | 'door';
  created_at: CreatedAt;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'confirm_email' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface Database {
  audit_log: AuditLogTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  verification_codes: VerificationCodesTable;
  refresh_tokens: RefreshTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limit_counters: RateLimitCountersTable;
}
