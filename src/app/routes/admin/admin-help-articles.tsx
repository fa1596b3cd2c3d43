import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { accessQueryOptions } from '#features/admin/api/get-access.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import {
  adminArticlesQueryOptions,
  adminCategoriesQueryOptions,
  useAdminArticles,
  useAdminCategories,
} from '#features/help-desk/api/help-editing.ts';
import { HelpEditor } from '#features/help-desk/components/help-editor.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await Promise.all([
      queryClient.prefetchQuery(adminArticlesQueryOptions(api)),
      queryClient.prefetchQuery(adminCategoriesQueryOptions(api)),
      queryClient.prefetchQuery(accessQueryOptions(api)),
    ]);
    return null;
  };
}

const meta = <PageMeta title="Help articles" description="The help desk’s articles and categories." noIndex />;
const header = (
  <AdminHeader
    title="Help articles"
    intro="The answers on the help desk. A draft is seen by agents only; publish it to show it to everyone."
  />
);

export function Component() {
  const articles = useAdminArticles();
  const categories = useAdminCategories();
  if (statusOf(articles.error) === 403 || statusOf(categories.error) === 403) {
    return (
      <AdminPage>
        {meta}
        {header}
        <NotAllowed what="editing help articles" />
      </AdminPage>
    );
  }
  const failed = articles.isError || categories.isError;
  return (
    <AdminPage>
      {meta}
      {header}
      {failed ? <FormAlert>The help articles could not be loaded. Reload the page to try again.</FormAlert> : null}
      {!failed && (articles.isPending || categories.isPending) ? (
        <p className="text-slate-600">Loading the help articles…</p>
      ) : null}
      {articles.data && categories.data ? <HelpEditor articles={articles.data} categories={categories.data} /> : null}
    </AdminPage>
  );
}
