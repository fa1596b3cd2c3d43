/**
 * Who may upload images and how much: members whose role edits the organisation's events or its
 * profile, a number of uploads per account and hour, and a storage quota per organisation.
 */
import { can, rolesAllowed } from '../../../src/contract/permissions.ts';
import type { Db, Executor } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { memberRoleOf } from '../organizations/organizations.service.ts';
import { holdStorage } from './uploads.repository.ts';

/** Picking images by hand never comes close; a script looping on uploads does. */
export const uploadsPerAccount: RateLimit = {
  name: 'uploads:account',
  limit: 100,
  windowSeconds: 60 * 60,
  refusal: 'Too many uploads',
};

/** What one organisation may keep: about a thousand event covers and logos after compression. */
export const organizationImageQuota = { images: 1_000, bytes: 500_000_000 };

export const uploadForbiddenMessage = `Only ${rolesAllowed('events.edit')} of the organisation can upload images.`;
export const quotaMessage =
  'Your organisation has used all of its image storage (1,000 images or 500 MB). Please contact the help desk to raise it.';

/**
 * Refuses callers who cannot use an image of the organisation: the same 403 whether they are door
 * staff, finance, not a member, or the organisation does not exist (nothing is learnt from it).
 * Then counts the upload against the caller's hourly limit.
 */
export async function admitUploader(db: Db, organizationId: string, userId: string): Promise<void> {
  const role = await memberRoleOf(db, organizationId, userId);
  if (!can(role, 'events.edit') && !can(role, 'organization.edit')) throw new HttpError('FORBIDDEN', uploadForbiddenMessage);
  await consumeRateLimit(db, uploadsPerAccount, userId);
}

/** Within the transaction that records the image: 403 when it would take the organisation over its quota. */
export async function requireRoom(trx: Executor, organizationId: string, sizeBytes: number): Promise<void> {
  const used = await holdStorage(trx, organizationId);
  if (used.images + 1 > organizationImageQuota.images || used.bytes + sizeBytes > organizationImageQuota.bytes) {
    throw new HttpError('FORBIDDEN', quotaMessage);
  }
}
