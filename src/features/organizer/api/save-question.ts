import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionFields } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { questionsUrl } from './get-questions.ts';

/** `POST /events/{eventId}/questions`, or `PUT …/{questionId}` to change one. Silent: the form shows the messages. */
export const saveQuestion = (
  api: ApiCaller,
  eventId: string,
  questionId: string | null,
  fields: QuestionFields,
): Promise<Question> =>
  api<Question>({
    method: questionId === null ? 'POST' : 'PUT',
    url: questionId === null ? questionsUrl(eventId) : `${questionsUrl(eventId)}/${encodeURIComponent(questionId)}`,
    data: fields,
    silent: true,
  });

/** Adds a question (no `questionId`) or replaces its settings; the list loads again. */
export function useSaveQuestion(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, fields }: { questionId: string | null; fields: QuestionFields }) =>
      saveQuestion(api, eventId, questionId, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.questions(eventId) }),
  });
}
