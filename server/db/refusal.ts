// Refusals raised inside SQL by admit_refuse (migration 0008), read back as a reason and its detail.

export interface Refusal {
  reason: string;
  detail: string;
}

/** The refusal this database error carries, or null when it is any other error. */
export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, detail } = error as { code?: string; message?: string; detail?: string };
  if (code !== 'P0001' || message !== 'admit_refused' || typeof detail !== 'string') return null;
  const split = detail.indexOf(':');
  return split < 0 ? { reason: detail, detail: '' } : { reason: detail.slice(0, split), detail: detail.slice(split + 1) };
}
