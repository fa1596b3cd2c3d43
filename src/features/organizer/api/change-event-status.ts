import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '../../../contract/envelope.ts';
import type { Event } from '../../../contract/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeSavedEvent } from './save-event.ts';

/** The three state changes share one shape: POST /events/{id}/publish | unpublish | cancel. */
export type EventTransition = 'publish' | 'unpublish' | 'cancel';

/** Silent: a refused publish (409) lists its reasons on the page, not in a toast. */
export const changeEventStatus = ({ eventId, transition }: { eventId: string; transition: EventTransition }): Promise<Event> =>
  apiRequest<Event>({ method: 'POST', url: `/events/${encodeURIComponent(eventId)}/${transition}`, silent: true });

export function useChangeEventStatus() {
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, { eventId: string; transition: EventTransition }>({
    mutationFn: changeEventStatus,
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}
