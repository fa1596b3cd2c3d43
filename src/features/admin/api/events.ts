import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEventRow, ModerateEvent } from '#contract/admin-sales.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export function useEventAction() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { eventId: string } & ({ kind: 'moderate'; input: ModerateEvent } | { kind: 'feature'; featured: boolean }),
    ) =>
      action.kind === 'moderate'
        ? api<AdminEventRow>({
            method: 'POST',
            url: `/admin/events/${encodeURIComponent(action.eventId)}/moderation`,
            data: action.input,
            silent: true,
          })
        : api<AdminEventRow>({
            method: 'PUT',
            url: `/admin/events/${encodeURIComponent(action.eventId)}/featured`,
            data: { featured: action.featured },
            silent: true,
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.lists('events') });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
