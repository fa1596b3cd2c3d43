import type { CheckinResult, ScanDirection } from '#contract/checkins.ts';
import type { DecidedBy } from '../storage/scan-store.ts';
import type { FirstCheckIn, LocalDecision, VerdictTicket } from './local-decision.ts';

/** What the door screen shows for one scan. */
export interface Verdict {
  /** Increases with every verdict: the screen and the feedback react to a new one. */
  seq: number;
  /** 'checking': asked the server, no answer yet. */
  state: 'checking' | 'final';
  result: CheckinResult;
  ticket: VerdictTicket | null;
  firstCheckIn: FirstCheckIn | null;
  decidedBy: DecidedBy;
  notInList: boolean;
  /** Not an Admit code at all. */
  malformed: boolean;
  manual: boolean;
  direction: ScanDirection;
  clientScanId: string | null;
  /** performance.now() when the code was read: the verdict's paint is measured from it. */
  readAt: number;
  scannedAt: string;
}

/** The parts of the device's own decision a verdict shows. */
export function shownDecision(local: LocalDecision) {
  return { result: local.result, ticket: local.ticket, firstCheckIn: local.firstCheckIn };
}
