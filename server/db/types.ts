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

export interface Database {
  audit_log: AuditLogTable;
  app_meta: AppMetaTable;
}
