import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '../../../contract/envelope.ts';
import type { CreateEvent, Event, UpdateEvent } from '../../../contract/events.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizerKeys } from '../../../lib/query-keys/organizer.ts';

/** Creates a draft (POST /events); silent, as the editor shows the errors beside the fields. */
export const createEvent = (input: CreateEvent): Promise<Event> =>
  apiRequest<Event>({ method: 'POST', url: '/events', data: input, silent: true });

/** Changes an event (PATCH /events/{id}); the ticket types sent replace the current ones, matched by id. */
export const updateEvent = ({ eventId, changes }: { eventId: string; changes: UpdateEvent }): Promise<Event> =>
  apiRequest<Event>({ method: 'PATCH', url: `/events/${encodeURIComponent(eventId)}`, data: changes, silent: true });

/** The saved event is the answer: cache it, and let the organisation's lists load again. */
export function storeSavedEvent(queryClient: QueryClient, event: Event): void {
  queryClient.setQueryData(organizerKeys.event(event.id), event);
  void queryClient.invalidateQueries({ queryKey: organizerKeys.eventLists(event.organizer.id) });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, CreateEvent>({
    mutationFn: createEvent,
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, { eventId: string; changes: UpdateEvent }>({
    mutationFn: updateEvent,
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}
