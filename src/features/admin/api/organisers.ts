import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminOrganiserDetail, AdminOrganiserPage, AdminTeam, VerificationDecision } from '#contract/verification.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { downloadApiFile } from '#lib/download-file.ts';
import { adminKeys } from '#lib/query-keys/admin.ts';

const path = (organiserId: string) => `/admin/organisers/${encodeURIComponent(organiserId)}`;

/** Keyset pages of organisers, filtered by words and verification state (both in the page's address). */
export const organisersQueryOptions = (api: ApiCaller, q: string, status: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.organisers(q, status),
    queryFn: ({ pageParam }) =>
      api<AdminOrganiserPage>({
        url: '/admin/organisers',
        params: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useAdminOrganisers = (q: string, status: string) =>
  useInfiniteQuery(organisersQueryOptions(useApiCaller(), q, status));

export const organiserQueryOptions = (api: ApiCaller, organiserId: string) =>
  queryOptions({
    queryKey: adminKeys.organiser(organiserId),
    queryFn: () => api<AdminOrganiserDetail>({ url: path(organiserId) }),
  });
export const useAdminOrganiser = (organiserId: string) => useQuery(organiserQueryOptions(useApiCaller(), organiserId));

export const organiserTeamQueryOptions = (api: ApiCaller, organiserId: string) =>
  queryOptions({
    queryKey: adminKeys.organiserTeam(organiserId),
    queryFn: () => api<AdminTeam>({ url: `${path(organiserId)}/team` }),
  });
export const useAdminOrganiserTeam = (organiserId: string) => useQuery(organiserTeamQueryOptions(useApiCaller(), organiserId));

/** A decision or a suspension answers the organiser as the page shows it. */
function useOrganiserChange<Input>(call: (api: ApiCaller, input: Input) => Promise<AdminOrganiserDetail>) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.organiser(detail.organiser.id), detail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.organiserLists() });
    },
  });
}

export const useDecideVerification = () =>
  useOrganiserChange((api, { organiserId, decision }: { organiserId: string; decision: VerificationDecision }) =>
    api<AdminOrganiserDetail>({ method: 'POST', url: `${path(organiserId)}/decision`, data: decision, silent: true }),
  );

export const useSetOrganiserSuspended = () =>
  useOrganiserChange((api, { organiserId, suspend, reason }: { organiserId: string; suspend: boolean; reason: string }) =>
    api<AdminOrganiserDetail>({
      method: 'POST',
      url: `${path(organiserId)}/${suspend ? 'suspend' : 'reinstate'}`,
      data: { reason },
      silent: true,
    }),
  );

export function useRemoveOrganiserMember() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organiserId, userId, reason }: { organiserId: string; userId: string; reason: string }) =>
      api<AdminTeam>({
        method: 'POST',
        url: `${path(organiserId)}/team/${encodeURIComponent(userId)}/remove`,
        data: { reason },
        silent: true,
      }),
    onSuccess: (team, { organiserId }) => {
      queryClient.setQueryData(adminKeys.organiserTeam(organiserId), team);
      void queryClient.invalidateQueries({ queryKey: adminKeys.organiser(organiserId), exact: true });
    },
  });
}

/** A reviewer downloads a document (recorded in the audit log on the server). */
export function downloadOrganiserDocument(organiserId: string, documentId: string, fileName: string): Promise<void> {
  return downloadApiFile(
    { url: `${path(organiserId)}/documents/${encodeURIComponent(documentId)}`, silent: true },
    fileName,
    fileName.slice(fileName.lastIndexOf('.')),
  );
}
