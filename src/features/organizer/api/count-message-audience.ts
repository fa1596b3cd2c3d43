import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendeeAudience, AudienceCount } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { messagesUrl } from './get-event-messages.ts';

/** `POST /events/{eventId}/messages/audience`: how many people and tickets an audience reaches now. Silent. */
export const countMessageAudience = (api: ApiCaller, eventId: string, audience: AttendeeAudience): Promise<AudienceCount> =>
  api<AudienceCount>({ method: 'POST', url: `${messagesUrl(eventId)}/audience`, data: { audience }, silent: true });

/** The reach of `audience` (null: not asked yet); the last count stays shown while the next one loads. */
export function useMessageAudience(eventId: string, audience: AttendeeAudience | null) {
  const api = useApiCaller();
  return useQuery({
    queryKey: organizerKeys.messageAudience(eventId, audience),
    queryFn: () => countMessageAudience(api, eventId, audience as AttendeeAudience),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
  });
}
