import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionSettings } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** `PUT /events/{eventId}/question-settings`. Silent: the form shows the message beside its field. */
export const saveQuestionSettings = (api: ApiCaller, eventId: string, settings: QuestionSettings): Promise<QuestionSettings> =>
  api<QuestionSettings>({
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.questions(eventId) }),
  });
}
