import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeRules } from '#contract/discount-codes.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

export type ImportDiscountCodes = DiscountCodeRules & { csv: string };

/** A line of the file that made no code, and why. */
export interface SkippedCodeLine {
  line: number;
  code: string;
  reason: string;
}

export interface DiscountCodeImport {
  created: number;
  skipped: SkippedCodeLine[];
}

/** `POST /events/{eventId}/discount-codes/import`: a code from the first column of each line, all with the same settings. */
export const importDiscountCodes = (api: ApiCaller, eventId: string, input: ImportDiscountCodes): Promise<DiscountCodeImport> =>
  api<DiscountCodeImport>({
    method: 'POST',
    url: `/events/${encodeURIComponent(eventId)}/discount-codes/import`,
    data: input,
    silent: true,
  });

export function useImportDiscountCodes(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportDiscountCodes) => importDiscountCodes(api, eventId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.discountCodes(eventId) }),
  });
}
