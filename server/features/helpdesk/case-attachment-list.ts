import type { CaseAttachment } from '../../../src/contract/help-cases.ts';
import { caseAttachments } from './case-attachments.repository.ts';
import type { CasesDeps } from './cases.service.ts';

/** A case's files as the customer and agents see them (every file is visible to both). */
export async function presentAttachments(deps: CasesDeps, caseId: string, customerName: string): Promise<CaseAttachment[]> {
  const rows = await caseAttachments(deps.db, caseId);
  return rows.map((row) => ({
    id: row.id,
    filename: row.filename,
    contentType: row.content_type as CaseAttachment['contentType'],
    size: row.size_bytes,
    author: row.author,
    authorName: row.author === 'agent' ? `${row.first_name ?? 'Admit'} (Admit support)` : customerName,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
