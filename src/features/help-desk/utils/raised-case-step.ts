import type { RaisedCase } from '#contract/help-cases.ts';
import { isUuid } from '#contract/ids.ts';

// The step after a case is raised lives in the page's history entry, not in its address (it holds the guest's email):
// Back from another page, a reload or a return from another site shows that case's step again, while a new visit to
// the form starts a new case. The page reads it while it starts, so the check needs no schema library.
export interface RaisedStep extends RaisedCase {
  email: string;
  fileCount: number;
}

/** The step kept in a history entry's state, or null (none, or not ours). */
export function raisedStepIn(state: unknown): RaisedStep | null {
  const kept: unknown = typeof state === 'object' && state !== null ? (state as { raisedCase?: unknown }).raisedCase : null;
  if (typeof kept !== 'object' || kept === null) return null;
  const { reference, caseId, email, fileCount } = kept as Record<string, unknown>;
  const whole =
    typeof reference === 'string' &&
    (caseId === null || isUuid(caseId)) &&
    typeof email === 'string' &&
    typeof fileCount === 'number' &&
    Number.isInteger(fileCount) &&
    fileCount >= 0;
  return whole ? { reference, caseId, email, fileCount } : null;
}

/** The history entry's state that keeps `step`. */
export const raisedStepState = (step: RaisedStep) => ({ raisedCase: step });

// Files cannot be kept in a history entry: this page holds them in memory, for as long as it is not reloaded.
const heldFiles = new Map<string, File[]>();

export function holdCaseFiles(reference: string, files: File[]): void {
  if (files.length) heldFiles.set(reference, files);
}

/** The files chosen with the case `reference`, or null when this page no longer holds them. */
export function heldCaseFiles(reference: string): File[] | null {
  return heldFiles.get(reference) ?? null;
}

/** Once the files are being attached: a later visit to the step must not attach them twice. */
export function releaseCaseFiles(reference: string): void {
  heldFiles.delete(reference);
}
