import type { Executor } from '../../db/database.ts';

export function insertActingSession(
  db: Executor,
  values: { adminId: string; userId: string; reason: string; startedAt: Date; expiresAt: Date },
) {
  return db
    .insertInto('acting_sessions')
    .values({
      admin_id: values.adminId,
      user_id: values.userId,
      reason: values.reason,
      started_at: values.startedAt,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The session when it is neither stopped nor expired. */
export function findLiveActingSession(db: Executor, id: string) {
  return db
    .selectFrom('acting_sessions')
    .select(['id', 'admin_id', 'user_id', 'reason'])
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Stops a live session once; undefined when it had already ended. */
export function endActingSession(db: Executor, id: string) {
  return db
    .updateTable('acting_sessions')
    .set({ ended_at: new Date() })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .returning(['id', 'admin_id', 'user_id', 'reason', 'started_at'])
    .executeTakeFirst();
}

/**
 * Marks the sessions whose time ran out as ended (at their expiry), each once however many instances run it: the
 * update re-checks `ended_at` on every row it waits for. At most `limit` a call.
 */
export function endLapsedActingSessions(db: Executor, limit: number) {
  return db
    .updateTable('acting_sessions')
    .set((eb) => ({ ended_at: eb.ref('expires_at') }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('acting_sessions')
        .select('id')
        .where('ended_at', 'is', null)
        .where('expires_at', '<=', new Date())
        .limit(limit),
    )
    .where('ended_at', 'is', null)
    .returning(['id', 'admin_id', 'user_id', 'reason', 'started_at', 'expires_at'])
    .execute();
}
