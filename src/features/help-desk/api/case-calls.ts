import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorEnvelope } from '#components/fields/form-errors.ts';
import type {
  AttachmentLink,
  CaseAccess,
  CaseAttachment,
  CaseOptions,
  CaseSummary,
  ConfirmCaseEmail,
  CustomerCase,
  RaiseCase,
  RaisedCase,
} from '#contract/help-cases.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { helpKeys } from '#lib/query-keys/help-desk.ts';
import { caseAccessHeaders } from '../utils/case-access.ts';

/** Raises a case; a guest's answer has no case id (their case opens with the mailed code or link). */
export function useRaiseCase() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (input: RaiseCase) => api<RaisedCase>({ method: 'POST', url: '/help/cases', data: input, silent: true }),
  });
}

/** The signed-in person's own orders, to link a case to. */
export function useCaseOptions(enabled: boolean) {
  const api = useApiCaller();
  return useQuery({
    queryKey: helpKeys.caseOptions(),
    queryFn: () => api<CaseOptions>({ url: '/help/cases/options', silent: true }),
    enabled,
  });
}

export function useMyCases(enabled: boolean) {
  const api = useApiCaller();
  return useQuery({
    queryKey: helpKeys.cases(),
    queryFn: async () => (await api<{ items: CaseSummary[] }>({ url: '/help/cases/mine', silent: true })).items,
    enabled,
  });
}

/** Always answers the same message, whether or not such a case exists. */
export function useCheckStatus() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (input: { reference: string; email: string }) =>
      api<Record<string, never>>({ method: 'POST', url: '/help/cases/check-status', data: input, silent: true }),
  });
}

/** Exchanges a mailed link for this tab's access to its case. */
export function useOpenCaseLink() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (token: string) => api<CaseAccess>({ method: 'POST', url: '/help/cases/access', data: { token }, silent: true }),
  });
}

export function useCustomerCase(caseId: string | null) {
  const api = useApiCaller();
  return useQuery({
    queryKey: helpKeys.case(caseId ?? ''),
    queryFn: () => api<CustomerCase>({ url: `/help/cases/${caseId}`, headers: caseAccessHeaders(caseId ?? ''), silent: true }),
    enabled: caseId !== null,
  });
}

/** Replies to the case or marks it resolved; the answer is the case as it now is. */
export function useCaseAction(caseId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'reply'; body: string } | { kind: 'resolve' }) =>
      api<CustomerCase>({
        method: 'POST',
        url: `/help/cases/${caseId}/${action.kind === 'reply' ? 'replies' : 'resolve'}`,
        data: action.kind === 'reply' ? { body: action.body } : undefined,
        headers: caseAccessHeaders(caseId),
        silent: true,
      }),
    onSuccess: (updated) => queryClient.setQueryData(helpKeys.case(caseId), updated),
  });
}

/** A guest enters the code mailed to them: their case opens, and this tab gets access to it. */
export function useConfirmCaseEmail() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (input: ConfirmCaseEmail) =>
      api<CaseAccess>({ method: 'POST', url: '/help/cases/confirm-email', data: input, silent: true }),
  });
}

/** Attaches a file to the case for its owner (their session, or this tab's access); the answer is the case's files. */
export async function uploadCaseFile(api: ApiCaller, caseId: string, file: File): Promise<CaseAttachment[]> {
  const result = await api<{ items: CaseAttachment[] }>({
    method: 'POST',
    url: `/help/cases/${caseId}/attachments`,
    params: { name: file.name },
    data: file,
    headers: { ...caseAccessHeaders(caseId), 'Content-Type': file.type || 'application/octet-stream' },
    silent: true,
  });
  return result.items;
}

export function useCaseFiles(caseId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadCaseFile(api, caseId, file),
    onSuccess: (attachments) =>
      queryClient.setQueryData<CustomerCase>(helpKeys.case(caseId), (current) =>
        current ? { ...current, attachments } : current,
      ),
  });
  const link = useMutation({
    mutationFn: (attachmentId: string) =>
      api<AttachmentLink>({
        method: 'POST',
        url: `/help/cases/${caseId}/attachments/${attachmentId}/link`,
        headers: caseAccessHeaders(caseId),
        silent: true,
      }),
  });
  return { upload, link };
}

/** Attaches each file in turn; the messages of those refused (the rest are attached). */
export async function attachAll(api: ApiCaller, caseId: string, files: File[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    try {
      await uploadCaseFile(api, caseId, file);
    } catch (error) {
      problems.push(`${file.name}: ${errorEnvelope(error)?.message ?? 'it could not be attached.'}`);
    }
  }
  return problems;
}
