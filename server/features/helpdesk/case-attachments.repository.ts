import type { Executor } from '../../db/database.ts';

/** A case's files without their bytes, oldest first, with the agent's name where an agent attached one; agents-only files only when asked for (agents). */
export function caseAttachments(db: Executor, caseId: string, withInternal: boolean) {
  let query = db
    .selectFrom('help_case_attachments')
    .leftJoin('users', 'users.id', 'help_case_attachments.author_user_id')
    .select([
      'help_case_attachments.id',
      'help_case_attachments.filename',
      'help_case_attachments.content_type',
      'help_case_attachments.size_bytes',
      'help_case_attachments.author',
      'help_case_attachments.internal',
      'help_case_attachments.created_at',
      'users.first_name',
    ])
    .where('help_case_attachments.case_id', '=', caseId);
  if (!withInternal) query = query.where('help_case_attachments.internal', '=', false);
  return query.orderBy('help_case_attachments.created_at').orderBy('help_case_attachments.id').execute();
}

export async function countAttachments(trx: Executor, caseId: string): Promise<number> {
  const row = await trx
    .selectFrom('help_case_attachments')
    .select((eb) => eb.fn.countAll<string>().as('files'))
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  return Number(row.files);
}

export async function insertAttachment(
  trx: Executor,
  values: {
    case_id: string;
    author: 'customer' | 'agent';
    author_user_id: string | null;
    filename: string;
    content_type: string;
    size_bytes: number;
    bytes: Uint8Array;
    internal: boolean;
  },
): Promise<string> {
  const row = await trx.insertInto('help_case_attachments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The attachment only if it belongs to that case (and, for the customer, is not agents-only): else nothing. */
export function attachmentOfCase(db: Executor, caseId: string, attachmentId: string, withInternal: boolean) {
  let query = db
    .selectFrom('help_case_attachments')
    .select(['id', 'filename'])
    .where('id', '=', attachmentId)
    .where('case_id', '=', caseId);
  if (!withInternal) query = query.where('internal', '=', false);
  return query.executeTakeFirst();
}

export function attachmentFile(db: Executor, attachmentId: string) {
  return db
    .selectFrom('help_case_attachments')
    .select(['filename', 'content_type', 'size_bytes', 'bytes'])
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}
