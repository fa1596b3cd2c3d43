import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventQuestions, QuestionSettings } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** `PUT /events/{eventId}/question-settings`: the questions and settings as saved. Silent: the form shows the message. */
export const saveQuestionSettings = (api: ApiCaller, eventId: string, settings: QuestionSettings): Promise<EventQuestions> =>
  api<EventQuestions>({
    method: 'PUT',
    url: `/events/${encodeURIComponent(eventId)}/question-settings`,
    data: settings,
    silent: true,
  });

export function useSaveQuestionSettings(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: QuestionSettings) => saveQuestionSettings(api, eventId, settings),
    onSuccess: (saved) => queryClient.setQueryData(organizerKeys.questions(eventId), saved),
  });
}
