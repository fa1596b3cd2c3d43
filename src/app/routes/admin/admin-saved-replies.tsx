import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { savedRepliesQueryOptions, useSavedReplies } from '#features/help-desk/api/saved-replies.ts';
import { SavedRepliesEditor } from '#features/help-desk/components/saved-replies-editor.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await Promise.all([
      queryClient.prefetchQuery(savedRepliesQueryOptions(api)),
      queryClient.prefetchQuery(accessQueryOptions(api)),
    ]);
    return null;
  };
}

const meta = <PageMeta title="Saved replies" description="The help desk’s saved replies." noIndex />;
const header = (
  <AdminHeader
    title="Saved replies"
    intro="Answers agents give often. Insert one into a reply on a case, then adapt it before sending."
  />
);

export function Component() {
  const replies = useSavedReplies();
  if (statusOf(replies.error) === 403) {
    return (
      <AdminPage>
        {meta}
        {header}
        <NotAllowed what="handling cases" />
      </AdminPage>
    );
  }
  return (
    <AdminPage>
      {meta}
      {header}
      {replies.isError ? <FormAlert>The saved replies could not be loaded. Reload the page to try again.</FormAlert> : null}
      {replies.isPending ? <p className="text-slate-600">Loading the saved replies…</p> : null}
      {replies.data ? <SavedRepliesEditor replies={replies.data} /> : null}
    </AdminPage>
  );
}
