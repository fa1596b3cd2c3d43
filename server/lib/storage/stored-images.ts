import type { Executor } from '../../db/database.ts';
import { HttpError } from '../http-error.ts';

export const foreignImageMessage = 'Choose an image uploaded for this organisation.';

/**
 * An image key given for an event or an organisation must name an image this app stored for that
 * organisation; anything else (another organisation's key, a reserved key never stored, a made-up
 * string) is a 400 naming the field. Null clears the image, and a key left as it was is not asked
 * about again, so images set before keys had owners keep working.
 */
export async function requireOrganizationImage(
  db: Executor,
  organizationId: string,
  key: string | null | undefined,
  field: string,
  current: string | null = null,
): Promise<void> {
  if (key === undefined || key === null || key === current) return;
  const stored = await db
    .selectFrom('uploads')
    .select('key')
    .where('key', '=', key)
    .where('organization_id', '=', organizationId)
    .where('stored_at', 'is not', null)
    .executeTakeFirst();
  if (!stored) throw new HttpError('BAD_REQUEST', foreignImageMessage, [{ path: field, message: foreignImageMessage }]);
}
