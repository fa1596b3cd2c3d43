import type { CaseAttachment } from '../../../src/contract/help-cases.ts';
import type { Db } from '../../db/database.ts';
import { caseAttachments } from './case-attachments.repository.ts';

/** A case's files as the customer (`withInternal` false: never an agents-only file) or agents see them. */
export async function presentAttachments(
  deps: { db: Db },
  caseId: string,
  customerName: string,
  withInternal: boolean,
): Promise<CaseAttachment[]> {
  const rows = await caseAttachments(deps.db, caseId, withInternal);
  return rows.map((row) => ({
    id: row.id,
    filename: row.filename,
    contentType: row.content_type as CaseAttachment['contentType'],
    size: row.size_bytes,
    author: row.author,
    authorName: row.author === 'agent' ? `${row.first_name ?? 'Admit'} (Admit support)` : customerName,
    internal: row.internal,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
