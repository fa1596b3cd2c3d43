import { z } from 'zod';
import { reasonSchema } from './admin.ts';

/** An acting token lasts at most this long and is never renewed (decision 033). */
export const ACTING_MINUTES = 30;

/**
 * What every refused call answers while an administrator acts as a user: any change a route does not declare open to
 * support, and the admin pages (decision 048).
 */
export const refusedWhileActingMessage =
  'You are acting as this user for support, and support may not do this for them: money, access, mail to others and the admin pages are refused. Stop acting first.';

export const actingEndedMessage = 'Acting as this user has ended.';

export const startActingSchema = z.object({ reason: reasonSchema });

/** The acting token, handed to the administrator once: it is never refreshed. */
export const actingStartedSchema = z.object({
  accessToken: z.string(),
  /** Unix seconds. */
  expiresAt: z.number(),
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string() }),
});
export type ActingStarted = z.infer<typeof actingStartedSchema>;

export const actingStoppedSchema = z.object({ userId: z.uuid() });
