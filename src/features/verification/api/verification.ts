import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingLink, SaveVerification, Verification, VerificationDocumentKind } from '#contract/verification.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { downloadApiFile } from '#lib/download-file.ts';
import { verificationKeys } from '#lib/query-keys/verification.ts';
import { sessionKeys } from '#lib/session/use-session.ts';

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/verification`;

/** `GET /organizations/{organizationId}/verification` (owners). */
export const verificationQueryOptions = (api: ApiCaller, organizationId: string) =>
  queryOptions({
    queryKey: verificationKeys.detail(organizationId),
    queryFn: () => api<Verification>({ url: base(organizationId), silent: true }),
  });

export const useVerification = (organizationId: string) => useQuery(verificationQueryOptions(useApiCaller(), organizationId));

/** Every change answers the whole verification: it replaces the cached one, and the session's organisation is read again. */
function useVerificationMutation<Input>(call: (api: ApiCaller, input: Input) => Promise<Verification>) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (verification) => {
      queryClient.setQueryData(verificationKeys.detail(verification.organizationId), verification);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.organization(verification.organizationId) });
    },
  });
}

export const useSaveVerification = () =>
  useVerificationMutation((api, { organizationId, body }: { organizationId: string; body: SaveVerification }) =>
    api<Verification>({ method: 'PUT', url: base(organizationId), data: body, silent: true }),
  );

export const useUploadDocument = () =>
  useVerificationMutation(
    (api, { organizationId, kind, file }: { organizationId: string; kind: VerificationDocumentKind; file: File }) =>
      api<Verification>({
        method: 'POST',
        url: `${base(organizationId)}/documents`,
        params: { kind, name: file.name.slice(0, 120) },
        data: file,
        // The server reads the type from the bytes; this only lets the body through as bytes.
        headers: { 'Content-Type': 'application/octet-stream' },
        silent: true,
      }),
  );

export const useSubmitVerification = () =>
  useVerificationMutation((api, organizationId: string) =>
    api<Verification>({ method: 'POST', url: `${base(organizationId)}/submit`, silent: true }),
  );

/** Stripe: the account read again from Stripe, as the return page shows it. */
export const useRefreshOnboarding = () =>
  useVerificationMutation((api, organizationId: string) =>
    api<Verification>({ method: 'POST', url: `${base(organizationId)}/stripe/refresh`, silent: true }),
  );

/** Stripe: a fresh onboarding link to open. */
export function useOnboardingLink() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (organizationId: string) =>
      api<OnboardingLink>({ method: 'POST', url: `${base(organizationId)}/stripe/link`, silent: true }),
  });
}

/** Downloads a document the organisation sent, with the owner's token (no link to it exists). */
export function downloadDocument(organizationId: string, documentId: string, fileName: string): Promise<void> {
  const extension = fileName.slice(fileName.lastIndexOf('.'));
  return downloadApiFile(
    { url: `${base(organizationId)}/documents/${encodeURIComponent(documentId)}`, silent: true },
    fileName,
    extension,
  );
}
