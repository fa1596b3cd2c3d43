import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { Event } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { storeSavedEvent } from './save-event.ts';

/** The three state changes share one shape: POST /events/{id}/publish | unpublish | cancel. */
export type EventTransition = 'publish' | 'unpublish' | 'cancel';

/** Silent: a refused publish (409) lists its reasons on the page, not in a toast. */
export const changeEventStatus = (
  api: ApiCaller,
  { eventId, transition }: { eventId: string; transition: EventTransition },
): Promise<Event> => api<Event>({ method: 'POST', url: `/events/${encodeURIComponent(eventId)}/${transition}`, silent: true });

export function useChangeEventStatus() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, { eventId: string; transition: EventTransition }>({
    mutationFn: (input) => changeEventStatus(api, input),
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}
