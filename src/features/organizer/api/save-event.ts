import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { CreateEvent, Event, UpdateEvent } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** Creates a draft (POST /events); silent, as the editor shows the errors beside the fields. */
export const createEvent = (api: ApiCaller, input: CreateEvent): Promise<Event> =>
  api<Event>({ method: 'POST', url: '/events', data: input, silent: true });

/** Changes an event (PATCH /events/{id}); the ticket types sent replace the current ones, matched by id. */
export const updateEvent = (api: ApiCaller, { eventId, changes }: { eventId: string; changes: UpdateEvent }): Promise<Event> =>
  api<Event>({ method: 'PATCH', url: `/events/${encodeURIComponent(eventId)}`, data: changes, silent: true });

/** The saved event is the answer: cache it, and let the organisation's lists load again. */
export function storeSavedEvent(queryClient: QueryClient, event: Event): void {
  queryClient.setQueryData(organizerKeys.event(event.id), event);
  void queryClient.invalidateQueries({ queryKey: organizerKeys.eventLists(event.organizer.id) });
}

export function useCreateEvent() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, CreateEvent>({
    mutationFn: (input) => createEvent(api, input),
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}

export function useUpdateEvent() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Event, AxiosError<ApiEnvelope>, { eventId: string; changes: UpdateEvent }>({
    mutationFn: (input) => updateEvent(api, input),
    onSuccess: (event) => storeSavedEvent(queryClient, event),
  });
}
