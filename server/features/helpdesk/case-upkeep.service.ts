import { sql } from 'kysely';
import { pendingReminderDays, reopenDays } from '../../../src/contract/help-case-terms.ts';
import type { Db } from '../../db/database.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { repeatEvery } from '../../lib/repeat-every.ts';
import { linkHours, newCaseLink } from './case-links.ts';
import { pendingReminderMail } from './case-mail.ts';
import { insertHistory } from './cases.repository.ts';

export interface UpkeepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Cases claimed per statement: a backlog is worked off over a few runs, never in one long transaction. */
const batch = 200;

/**
 * Mails one reminder to each person whose case has waited on them for `pendingReminderDays`. Every instance may
 * run it at once: each case is claimed by an atomic update of rows locked with `skip locked`, in the same
 * transaction as its mail, so a case is reminded once however many instances run.
 */
export async function remindPendingCases(db: Db, origin: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; reference: string; subject: string; name: string; email: string }>`
      update help_cases set reminded_at = now()
       where id in (
         select id from help_cases
          where state = 'pending' and reminded_at is null
            and pending_since < now() - ${pendingReminderDays} * interval '1 day'
          order by pending_since
          limit ${batch}
          for update skip locked)
      returning id, reference, subject, name, email`.execute(trx);
    for (const row of rows) {
      const link = await newCaseLink(trx, origin, row.id, row.email);
      const mail = pendingReminderMail({ ...row, days: pendingReminderDays, closeDays: reopenDays, link, linkHours });
      await enqueueMail(trx, { to: row.email, ...mail });
      await insertHistory(trx, {
        case_id: row.id,
        actor: 'system',
        actor_user_id: null,
        action: 'reminded the customer',
        detail: `waiting ${pendingReminderDays} days`,
      });
    }
    return rows.length;
  });
}

/**
 * Closes cases resolved more than `reopenDays` ago (a reply can no longer reopen them), with a line in each
 * case's history, in one statement: a case another instance closes first no longer matches and is skipped.
 */
export async function closeResolvedCases(db: Db): Promise<number> {
  const { rows } = await sql<{ closed: string }>`
    with closed as (
      update help_cases set state = 'closed', updated_at = now()
       where id in (
         select id from help_cases
          where state = 'resolved' and resolved_at < now() - ${reopenDays} * interval '1 day'
          order by resolved_at
          limit ${batch}
          for update skip locked)
      returning id),
    noted as (
      insert into help_case_history (case_id, actor, action, detail)
      select id, 'system', 'closed the case', ${`resolved ${reopenDays} days ago`} from closed)
    select count(*)::int as closed from closed`.execute(db);
  return Number(rows[0]?.closed ?? 0);
}

/** Reminders and closing, every `everyMs` (a few minutes), on every instance. */
export function startCaseUpkeep(db: Db, origin: string, log: UpkeepLog, everyMs = 5 * 60_000): () => Promise<void> {
  const work = async () => {
    const reminded = await remindPendingCases(db, origin);
    const closed = await closeResolvedCases(db);
    if (reminded + closed > 0) log.info({ reminded, closed }, 'help desk upkeep');
  };
  return repeatEvery(everyMs, work, (error) => log.warn({ err: error }, 'help desk upkeep failed'));
}
