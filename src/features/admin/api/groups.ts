import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGroup, GroupDetail, GroupSummary, UpdateGroup } from '#contract/admin.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

const groupUrl = (groupId: string) => `/admin/groups/${encodeURIComponent(groupId)}`;

export const groupsQueryOptions = (api: ApiCaller) =>
  queryOptions({
    queryKey: adminKeys.groups(),
    queryFn: async () => (await api<{ items: GroupSummary[] }>({ url: '/admin/groups' })).items,
  });

export const groupQueryOptions = (api: ApiCaller, groupId: string) =>
  queryOptions({ queryKey: adminKeys.group(groupId), queryFn: () => api<GroupDetail>({ url: groupUrl(groupId) }) });

export function useGroups() {
  return useQuery(groupsQueryOptions(useApiCaller()));
}

export function useGroup(groupId: string) {
  return useQuery(groupQueryOptions(useApiCaller(), groupId));
}

/** Every change answers with the group as it now is: it replaces the cached one, and the list and access refresh. */
function useGroupChange<Input>(call: (api: ApiCaller, input: Input) => Promise<GroupDetail>) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (group) => {
      queryClient.setQueryData(adminKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: adminKeys.groups(), exact: true });
      void queryClient.invalidateQueries({ queryKey: adminKeys.access() });
    },
  });
}

export const useCreateGroup = () =>
  useGroupChange((api, input: CreateGroup) =>
    api<GroupDetail>({ method: 'POST', url: '/admin/groups', data: input, silent: true }),
  );

export const useUpdateGroup = () =>
  useGroupChange((api, { groupId, ...input }: UpdateGroup & { groupId: string }) =>
    api<GroupDetail>({ method: 'PATCH', url: groupUrl(groupId), data: input, silent: true }),
  );

export const useAddGroupMember = () =>
  useGroupChange((api, { groupId, email }: { groupId: string; email: string }) =>
    api<GroupDetail>({ method: 'POST', url: `${groupUrl(groupId)}/members`, data: { email }, silent: true }),
  );

export const useRemoveGroupMember = () =>
  useGroupChange((api, { groupId, userId }: { groupId: string; userId: string }) =>
    api<GroupDetail>({ method: 'DELETE', url: `${groupUrl(groupId)}/members/${encodeURIComponent(userId)}`, silent: true }),
  );
