import type { SavedReply, SavedReplyInput } from '../../../src/contract/help-agents.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  deleteSavedReply,
  insertSavedReply,
  listSavedReplies,
  savedReplyTitleTaken,
  updateSavedReply,
} from './saved-replies.repository.ts';

const toSavedReply = (row: { id: string; title: string; body: string; updated_at: Date }): SavedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function savedReplies(db: Db): Promise<SavedReply[]> {
  return (await listSavedReplies(db)).map(toSavedReply);
}

const titleTaken = () => {
  const message = 'Another saved reply already has this name.';
  return new HttpError('CONFLICT', message, [{ path: 'body.title', message }]);
};

/** Adds a saved reply, or changes the one with `replyId`; either goes into the audit log. */
export async function saveSavedReply(
  db: Db,
  agentId: string,
  replyId: string | null,
  input: SavedReplyInput,
): Promise<SavedReply[]> {
  await writeSavedReply(db, agentId, replyId, input).catch((error: unknown) => {
    // Two agents saving the same name at once: the unique index keeps one, the other is told.
    if ((error as { code?: string }).code === '23505') throw titleTaken();
    throw error;
  });
  return savedReplies(db);
}

async function writeSavedReply(db: Db, agentId: string, replyId: string | null, input: SavedReplyInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await savedReplyTitleTaken(trx, input.title, replyId)) throw titleTaken();
    let id = replyId;
    if (id) {
      if (!(await updateSavedReply(trx, id, input))) throw notFound('That saved reply');
    } else {
      id = await insertSavedReply(trx, { ...input, created_by: agentId });
    }
    await recordAudit(trx, {
      actorId: agentId,
      action: replyId ? 'help.saved-reply.update' : 'help.saved-reply.create',
      subjectType: 'help_saved_reply',
      subjectId: id,
      details: { title: input.title },
    });
  });
}

export async function removeSavedReply(db: Db, agentId: string, replyId: string): Promise<SavedReply[]> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteSavedReply(trx, replyId))) throw notFound('That saved reply');
    await recordAudit(trx, {
      actorId: agentId,
      action: 'help.saved-reply.delete',
      subjectType: 'help_saved_reply',
      subjectId: replyId,
    });
  });
  return savedReplies(db);
}
