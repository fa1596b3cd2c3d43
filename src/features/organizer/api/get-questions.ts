import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventQuestions } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

export const questionsUrl = (eventId: string) => `/events/${encodeURIComponent(eventId)}/questions`;

/** `GET /events/{eventId}/questions`: the questions buyers are asked, in order, and the answers' deadline. Silent. */
export const getQuestions = (api: ApiCaller, eventId: string): Promise<EventQuestions> =>
  api<EventQuestions>({ url: questionsUrl(eventId), silent: true });

export const questionsQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: organizerKeys.questions(eventId), queryFn: () => getQuestions(api, eventId) });

export function useQuestions(eventId: string) {
  const api = useApiCaller();
  return useQuery(questionsQueryOptions(api, eventId));
}
