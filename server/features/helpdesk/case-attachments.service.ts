import { createHmac, timingSafeEqual } from 'node:crypto';
import { attachmentTypeMessage, maxAttachmentsPerCase } from '../../../src/contract/help-case-terms.ts';
import type { AttachmentLink, CaseAttachment } from '../../../src/contract/help-cases.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { detectImage } from '../../lib/storage/image-content.ts';
import { workableCase } from './agent-cases.service.ts';
import { presentAttachments } from './case-attachment-list.ts';
import { attachmentFile, attachmentOfCase, countAttachments, insertAttachment } from './case-attachments.repository.ts';
import { insertHistory, lockCase } from './cases.repository.ts';
import { type CaseCaller, type CasesDeps, callersCase, isFinished } from './cases.service.ts';

export interface AttachmentDeps extends CasesDeps {
  /** Signs download links. */
  secret: string;
  /** Where the API answers (PUBLIC_APP_URL + /api), for the links. */
  apiBase: string;
}

/** A download link works this long: enough to open it, too short to be worth forwarding. */
export const attachmentLinkSeconds = 300;

/** What the bytes are, by their magic bytes only: JPEG, PNG, WebP or PDF; anything else (a renamed file) is null. */
export function attachmentType(bytes: Uint8Array): CaseAttachment['contentType'] | null {
  const image = detectImage(bytes);
  if (image && (image.contentType === 'image/jpeg' || image.contentType === 'image/png' || image.contentType === 'image/webp')) {
    return image.contentType;
  }
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (bytes.length > 8 && pdf.every((byte, index) => bytes[index] === byte)) return 'application/pdf';
  return null;
}

/** The name as shown and downloaded: no path, no control characters. */
const cleanName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '"')
    .join('')
    .trim()
    .slice(0, 120) || 'file';

interface Attaching {
  caseId: string;
  author: 'customer' | 'agent';
  userId: string | null;
  bytes: Buffer;
  name: string;
  /** An agents-only file (agents alone). */
  internal: boolean;
}

async function attach(deps: CasesDeps, input: Attaching): Promise<void> {
  const contentType = attachmentType(input.bytes);
  if (!contentType) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', attachmentTypeMessage);
  const filename = cleanName(input.name);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCase(trx, input.caseId);
    if (!locked) throw notFound('That case');
    if (input.author === 'customer' ? isFinished(locked) : locked.state === 'closed') {
      throw new HttpError('CONFLICT', 'This case is closed, so it takes no more files.');
    }
    if ((await countAttachments(trx, input.caseId)) >= maxAttachmentsPerCase) {
      throw new HttpError('CONFLICT', `A case can hold ${maxAttachmentsPerCase} files; this one is full.`);
    }
    await insertAttachment(trx, {
      case_id: input.caseId,
      author: input.author,
      author_user_id: input.userId,
      filename,
      content_type: contentType,
      size_bytes: input.bytes.length,
      bytes: input.bytes,
      internal: input.internal,
    });
    await insertHistory(trx, {
      case_id: input.caseId,
      actor: input.author,
      actor_user_id: input.userId,
      action: input.internal ? 'attached an agents-only file' : 'attached a file',
      detail: filename,
    });
  });
}

/** The person who raised the case attaches a file (their session or their link's access). */
export async function customerAttach(
  deps: CasesDeps,
  caseId: string,
  caller: CaseCaller,
  file: { bytes: Buffer; name: string },
): Promise<CaseAttachment[]> {
  const row = await callersCase(deps, caseId, caller);
  await attach(deps, { caseId, author: 'customer', userId: caller.userId, ...file, internal: false });
  return presentAttachments(deps, caseId, row.name, false);
}

export async function agentAttach(
  deps: CasesDeps,
  agentId: string,
  caseId: string,
  file: { bytes: Buffer; name: string; internal: boolean },
): Promise<CaseAttachment[]> {
  const row = await workableCase(deps, caseId);
  await attach(deps, { caseId, author: 'agent', userId: agentId, ...file });
  return presentAttachments(deps, caseId, row.name, true);
}

const signature = (secret: string, attachmentId: string, expires: number) =>
  createHmac('sha256', secret).update(`admit-case-attachment\n${attachmentId}\n${expires}`).digest('base64url');

function signedLink(deps: AttachmentDeps, attachmentId: string): AttachmentLink {
  const expires = Math.floor(Date.now() / 1000) + attachmentLinkSeconds;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(deps.secret, attachmentId, expires) });
  return {
    url: `${deps.apiBase.replace(/\/+$/, '')}/help/attachments/${attachmentId}?${query}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** A short-lived link to one of the case's files, for the person who raised it. Another case's file, or an agents-only one, is a 404. */
export async function customerAttachmentLink(
  deps: AttachmentDeps,
  caseId: string,
  attachmentId: string,
  caller: CaseCaller,
): Promise<AttachmentLink> {
  await callersCase(deps, caseId, caller);
  if (!(await attachmentOfCase(deps.db, caseId, attachmentId, false))) throw notFound('That file');
  return signedLink(deps, attachmentId);
}

export async function agentAttachmentLink(deps: AttachmentDeps, caseId: string, attachmentId: string): Promise<AttachmentLink> {
  await workableCase(deps, caseId);
  if (!(await attachmentOfCase(deps.db, caseId, attachmentId, true))) throw notFound('That file');
  return signedLink(deps, attachmentId);
}

/** The file behind a signed link; a wrong, altered or expired link finds nothing. */
export async function openAttachment(deps: AttachmentDeps, attachmentId: string, expires: unknown, given: unknown) {
  const gone = () =>
    new HttpError(
      'NOT_FOUND',
      'This download link has expired or is not valid. Open the case again and download the file from there.',
    );
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof given !== 'string' || !/^[\w-]{43}$/.test(given)) {
    throw gone();
  }
  const expected = Buffer.from(signature(deps.secret, attachmentId, Number(expires)));
  if (!timingSafeEqual(expected, Buffer.from(given)) || Number(expires) < Date.now() / 1000) throw gone();
  const file = await attachmentFile(deps.db, attachmentId);
  if (!file) throw gone();
  return file;
}
