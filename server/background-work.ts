// The work an instance does beside its requests, started once the database is open.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { recordLapsedActing } from './features/admin/acting.service.ts';
import { startMessageSender } from './features/attendee-messages/message-sender.service.ts';
import { pruneSignUpAttempts } from './features/auth/sign-up-attempts.repository.ts';
import { startCaseUpkeep } from './features/helpdesk/case-upkeep.service.ts';
import { startBookingSweeper } from './features/orders/booking-sweeper.service.ts';
import { pruneNetworkCounts } from './features/orders/placement/network-counts.repository.ts';
import { startPayouts } from './features/payouts/payout-job.service.ts';
import { pruneExpiredAnswers } from './features/questions/questions.service.ts';
import { startReportMails } from './features/reports/report-mail-sender.service.ts';
import { startWaitingListSweeper } from './features/waiting-list/waiting-list-sweeper.service.ts';
import { createMailSender, type MailSenderLog } from './lib/mail/mail-sender.ts';
import { pruneRateLimits } from './lib/rate-limiter.ts';

/**
 * Work that runs beside the requests: delivering queued mail, pruning old rate-limit windows, lapsed sign-ups and
 * the network counts of ended events, the answers organisers keep no longer, ending lapsed holds, offering waiting lists the places that come back, recording acting sessions that ran out of time, the help desk's reminders and closing of old cases, the sandbox's payouts after events end, and the organisers'
 * mailed reports, and organisers' messages to their attendees.
 */
export function startBackgroundWork(config: Config, db: Db, log: MailSenderLog): () => Promise<void> {
  const mail = createMailSender({ db, smtpUrl: config.smtpUrl, log });
  mail.start();
  const pruning = setInterval(
    () => {
      pruneRateLimits(db).catch((error: unknown) => log.warn({ err: error }, 'could not prune rate limits'));
      pruneSignUpAttempts(db).catch((error: unknown) => log.warn({ err: error }, 'could not prune sign-up attempts'));
      pruneNetworkCounts(db).catch((error: unknown) => log.warn({ err: error }, 'could not prune network counts'));
      pruneExpiredAnswers(db).catch((error: unknown) => log.warn({ err: error }, 'could not delete expired answers'));
    },
    60 * 60 * 1000,
  );
  pruning.unref();
  // Acting sessions that ran out of time are recorded as ended, within a minute of their limit.
  const actingEnds = setInterval(() => {
    recordLapsedActing(db).catch((error: unknown) => log.warn({ err: error }, 'could not record lapsed acting sessions'));
  }, 60 * 1000);
  actingEnds.unref();
  const stopSweeper = startBookingSweeper(config, db, log);
  const stopWaitingLists = startWaitingListSweeper(config, db, log);
  const stopCaseUpkeep = startCaseUpkeep(db, config.publicOrigin, log);
  const stopPayouts = startPayouts(config.paymentProvider, db, log);
  const stopReportMails = startReportMails(db, config.publicOrigin, log);
  const stopMessages = startMessageSender(db, config.publicOrigin, config.messageMailsPerMinute, log);
  return async () => {
    await stopMessages();
    clearInterval(pruning);
    clearInterval(actingEnds);
    await stopSweeper();
    await stopWaitingLists();
    await stopCaseUpkeep();
    await stopPayouts();
    await stopReportMails();
    await mail.stop();
  };
}
