import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentCase, AgentCaseChange, AgentQueue } from '#contract/help-agents.ts';
import type { AttachmentLink, CaseAttachment } from '#contract/help-cases.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';

export type QueueParams = Record<string, string | undefined>;

/** One page of the agents' queue under the address's filters. */
export function useAgentQueue(params: QueueParams) {
  const api = useApiCaller();
  return useQuery({
    queryKey: helpKeys.agentQueue(params),
    queryFn: () => api<AgentQueue>({ url: '/admin/cases', params }),
    placeholderData: keepPreviousData,
  });
}

export function useAgentCase(caseId: string) {
  const api = useApiCaller();
  return useQuery({
    queryKey: helpKeys.agentCase(caseId),
    queryFn: () => api<AgentCase>({ url: `/admin/cases/${caseId}`, silent: true }),
  });
}

/** A public reply or an internal note, or a change of state or assignment; the answer is the case as it now is. */
export function useAgentCaseAction(caseId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'message'; body: string; internal: boolean } | ({ kind: 'change' } & AgentCaseChange)) =>
      action.kind === 'message'
        ? api<AgentCase>({
            method: 'POST',
            url: `/admin/cases/${caseId}/messages`,
            data: { body: action.body, internal: action.internal },
            silent: true,
          })
        : api<AgentCase>({
            method: 'PATCH',
            url: `/admin/cases/${caseId}`,
            data: { state: action.state, assignee: action.assignee },
          }),
    onSuccess: (updated) => {
      queryClient.setQueryData(helpKeys.agentCase(caseId), updated);
      void queryClient.invalidateQueries({ queryKey: [...helpKeys.all, 'agent-queue'] });
    },
  });
}

/** An agent attaches a file to the case (the customer sees it too unless `agentsOnly`), or asks for a download link. */
export function useAgentCaseFiles(caseId: string, agentsOnly: boolean) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) =>
      (
        await api<{ items: CaseAttachment[] }>({
          method: 'POST',
          url: `/admin/cases/${caseId}/attachments`,
          params: { name: file.name, internal: String(agentsOnly) },
          data: file,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
          silent: true,
        })
      ).items,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: helpKeys.agentCase(caseId) }),
  });
  const link = useMutation({
    mutationFn: (attachmentId: string) =>
      api<AttachmentLink>({ method: 'POST', url: `/admin/cases/${caseId}/attachments/${attachmentId}/link`, silent: true }),
  });
  return { upload, link };
}
