import { z } from 'zod';
import { raisedCaseSchema } from '#contract/help-cases.ts';

// The step after a case is raised lives in the page's history entry, not in its address (it holds the guest's email):
// Back from another page, a reload or a return from another site shows that case's step again, while a new visit to
// the form starts a new case.
const raisedStepSchema = raisedCaseSchema.extend({ email: z.string(), fileCount: z.number().int().min(0) });
export type RaisedStep = z.infer<typeof raisedStepSchema>;

const stateSchema = z.object({ raisedCase: raisedStepSchema });

/** The step kept in a history entry's state, or null (none, or not ours). */
export function raisedStepIn(state: unknown): RaisedStep | null {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? parsed.data.raisedCase : null;
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
