import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { controlClass } from '#components/fields/control-class.ts';
import { type AttendeeMessageStatus, attendeeMessageStatuses, attendeeMessageStatusNames } from '#contract/attendee-messages.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminMessagesQueryOptions, useAdminMessages } from '#features/admin/api/messages.ts';
import { AdminMessagesTable } from '#features/admin/components/admin-messages-table.tsx';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';

/** The status in the address; an unknown one reads as every status. */
const statusOf = (search: URLSearchParams): AttendeeMessageStatus | '' => {
  const status = search.get('status');
  return attendeeMessageStatuses.find((one) => one === status) ?? '';
};

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.includes('events.moderate')) return null;
    await queryClient.prefetchQuery(adminMessagesQueryOptions(api, statusOf(new URL(request.url).searchParams)));
    return null;
  };
}

export function Component() {
  const [search] = useSearchParams();
  const status = statusOf(search);
  const can = useAdminCan();
  const allowed = can('events.moderate');
  const messages = useAdminMessages(status, allowed);
  return (
    <AdminPage>
      <PageMeta title="Messages to attendees" description="Organisers’ messages to the people holding tickets." noIndex />
      <AdminHeader
        title="Messages to attendees"
        intro="What organisers write to the people holding their tickets. A new or unverified organisation’s messages wait here until one is approved; stop any that should not go."
      />
      {!allowed ? (
        <NotAllowed what="reviewing organisers’ messages" />
      ) : (
        <>
          <form method="get" className="max-w-sm" aria-label="Filter messages">
            <label htmlFor="message-status" className="block font-medium text-slate-800">
              Status
            </label>
            <select
              id="message-status"
              name="status"
              defaultValue={status}
              className={`mt-1.5 h-12 w-full ${controlClass(false)}`}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              <option value="">Every status, waiting first</option>
              {attendeeMessageStatuses.map((one) => (
                <option key={one} value={one}>
                  {attendeeMessageStatusNames[one]}
                </option>
              ))}
            </select>
          </form>
          <AdminMessagesTable
            messages={messages.data?.items ?? []}
            loading={messages.isPending}
            error={messages.isError ? 'The messages could not be loaded.' : null}
            onRetry={() => void messages.refetch()}
            empty={status ? `No message is “${attendeeMessageStatusNames[status].toLowerCase()}”.` : 'No messages yet.'}
          />
        </>
      )}
    </AdminPage>
  );
}
