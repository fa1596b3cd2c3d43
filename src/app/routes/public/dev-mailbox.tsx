import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { errorStatus } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { useMailbox } from '#features/dev-mailbox/api/get-mailbox.ts';
import { MailCard } from '#features/dev-mailbox/components/mail-card.tsx';

const refreshEveryMs = 5_000;

/** Development only: the mail Admit would have sent, with the codes and links easy to use. */
export function Component() {
  const mailbox = useMailbox({
    queryConfig: { refetchInterval: (query) => (query.state.status === 'error' ? false : refreshEveryMs) },
  });
  const turnedOff = mailbox.isError && errorStatus(mailbox.error) === 404;

  return (
    <div className="mx-auto max-w-3xl">
      <PageMeta title="Development mailbox" description="Outgoing mail in development." noIndex />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Development mailbox</h1>
          <p className="mt-1 text-slate-600">The latest mail Admit sent, newest first. It refreshes every few seconds.</p>
        </div>
        {turnedOff ? null : (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={mailbox.isFetching}
            onClick={() => void mailbox.refetch()}
          >
            {mailbox.isFetching ? <Spinner /> : null}
            Refresh
          </button>
        )}
      </header>
      <div aria-live="polite">
        {turnedOff ? (
          <p role="status" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            This instance sends its email for real, so there is no development mailbox. Look for the message in your inbox.
          </p>
        ) : mailbox.isError ? (
          <div role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            The mailbox could not be read. Is the server running? Press Refresh to try again.
          </div>
        ) : mailbox.data === undefined ? (
          <p className="flex items-center gap-3 text-slate-600">
            <Spinner /> Loading mail…
          </p>
        ) : mailbox.data.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
            No mail yet. Create an account and the confirmation code will appear here.
          </p>
        ) : (
          <ul className="space-y-4">
            {mailbox.data.map((message) => (
              <li key={`${message.createdAt}-${message.to}-${message.subject}`}>
                <MailCard message={message} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
