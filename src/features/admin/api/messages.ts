import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMessages, AttendeeMessage, AttendeeMessageStatus } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';
import { readWithMessage, withServerMessage } from '#lib/server-message.ts';

/** `GET /admin/messages`: organisers' messages to attendees, those waiting for approval first (events.moderate). */
export const adminMessagesQueryOptions = (api: ApiCaller, status: AttendeeMessageStatus | '') =>
  queryOptions({
    queryKey: adminKeys.messages(status),
    queryFn: () => api<AdminMessages>({ url: '/admin/messages', params: status ? { status } : {}, silent: true }),
  });

export const useAdminMessages = (status: AttendeeMessageStatus | '', enabled: boolean) =>
  useQuery({ ...adminMessagesQueryOptions(useApiCaller(), status), enabled });

/**
 * `POST /admin/messages/{id}/approval` (it goes, at its time or now) or `…/stop` (nobody else receives it), with the
 * server's sentence. Silent: the page says why not.
 */
export function useMessageReview() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ messageId, action }: { messageId: string; action: 'approve' | 'stop' }) =>
      readWithMessage<AttendeeMessage>(
        await api<unknown>(
          withServerMessage({
            method: 'POST',
            url: `/admin/messages/${encodeURIComponent(messageId)}/${action === 'approve' ? 'approval' : 'stop'}`,
            silent: true,
          }),
        ),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.messageLists() });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
