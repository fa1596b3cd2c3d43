import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDateTime, formatDay } from '#components/format/date-time.ts';
import { Spinner } from '#components/submit-button.tsx';
import { VerificationStatusPanel } from '#components/verification-status.tsx';
import { type AdminOrganiserDetail, documentKindLabels } from '#contract/verification.ts';
import { fileErrorMessage } from '#lib/download-file.ts';
import { toast } from '#lib/toasts.tsx';
import { downloadOrganiserDocument, useDecideVerification, useSetOrganiserSuspended } from '../api/organisers.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { RequestMoreDialog } from './request-more-dialog.tsx';

const birthDay = (seconds: number | undefined) =>
  seconds === undefined ? '—' : formatDay(new Date(seconds * 1000).toISOString());

function Fact({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <dt className="text-slate-500 text-sm">{label}</dt>
      <dd className="break-words font-semibold text-slate-900">
        {value === null || value === undefined || value === '' ? '—' : value}
      </dd>
    </div>
  );
}

/** What the organiser sent: the seller's details, the bank account and the documents (each download is recorded). */
function Submitted({ detail }: { detail: AdminOrganiserDetail }) {
  const { verification } = detail;
  const details = verification.details ?? {};
  const download = (documentId: string, fileName: string) => {
    downloadOrganiserDocument(detail.organiser.id, documentId, fileName).catch(async (failure: unknown) =>
      toast.error((await fileErrorMessage(failure)) ?? serverMessage(failure)),
    );
  };
  return (
    <section aria-labelledby="submitted-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="submitted-title" className="font-bold text-lg text-slate-900">
        What they sent
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact
          label="Seller type"
          value={details.sellerType === 'company' ? 'Company' : details.sellerType ? 'Individual' : null}
        />
        <Fact label="Legal name" value={details.legalName} />
        <Fact label="Country" value={details.country} />
        <Fact label="Address" value={[details.addressLine, details.city, details.postalCode].filter(Boolean).join(', ')} />
        <Fact label="Representative born" value={birthDay(details.representativeDateOfBirth)} />
        <Fact label="Tax id" value={details.taxId} />
        <Fact
          label="Bank account"
          value={
            verification.bankAccount
              ? `${verification.bankAccount.accountHolder} · ${verification.bankAccount.sortCode} · ending ${verification.bankAccount.last4}${verification.bankAccount.status === 'failed' ? ' (refuses payouts)' : ''}`
              : verification.provider === 'stripe'
                ? 'Held at Stripe'
                : null
          }
        />
        <Fact label="Stripe account" value={verification.stripeAccountId} />
      </dl>
      <h3 className="mt-6 font-semibold text-slate-900">Documents</h3>
      {verification.documents.length ? (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {verification.documents.map((document) => (
            <li key={document.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-semibold text-slate-900">{document.fileName}</p>
                <p className="text-slate-600 text-sm">
                  {documentKindLabels[document.kind]} · {formatDay(document.uploadedAt)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('secondary', 'small')}
                onClick={() => download(document.id, document.fileName)}
              >
                Download<span className="sr-only"> {document.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600 text-sm">No documents.</p>
      )}
      <p className="mt-2 text-slate-500 text-xs">Each download is recorded in the audit log with your name.</p>
    </section>
  );
}

type Open = 'reject' | 'more' | 'suspend' | null;

/** The reviewer's decisions: approve, ask for more, reject; and suspending or reinstating the organiser. */
export function OrganiserReview({ detail }: { detail: AdminOrganiserDetail }) {
  const { organiser, verification } = detail;
  const decide = useDecideVerification();
  const suspension = useSetOrganiserSuspended();
  const [open, setOpen] = useState<Open>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const decidable = verification.status === 'pending' || verification.status === 'action_required';
  const suspended = organiser.suspendedAt !== null;
  const show = (which: Open) => {
    setProblem(null);
    setOpen(which);
  };
  const fail = (failure: unknown) => setProblem(serverMessage(failure));
  const done = (message: string) => {
    toast.success(message);
    setOpen(null);
  };

  const approve = () =>
    decide.mutate(
      { organiserId: organiser.id, decision: { decision: 'approve' } },
      {
        onSuccess: () => toast.success(`${organiser.name} is verified.`),
        onError: (failure) => toast.error(serverMessage(failure)),
      },
    );

  return (
    <>
      <VerificationStatusPanel verification={verification} audience="reviewer">
        {decidable ? (
          <div className="mt-5 flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={approve}
              disabled={decide.isPending}
              aria-busy={decide.isPending}
            >
              {decide.isPending && open === null ? <Spinner /> : null}
              Approve
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={() => show('more')}>
              Ask for more
            </button>
            <button type="button" className={buttonClass('danger')} onClick={() => show('reject')}>
              Reject
            </button>
          </div>
        ) : null}
      </VerificationStatusPanel>
      <Submitted detail={detail} />
      <section aria-labelledby="suspension-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="suspension-title" className="font-bold text-lg text-slate-900">
          {suspended ? 'Suspended' : 'Selling'}
        </h2>
        <p className="mt-1 text-slate-600">
          {suspended
            ? `Suspended on ${formatDay(organiser.suspendedAt ?? '')}: ${organiser.suspensionReason ?? ''}. Its events are not on sale.`
            : 'Suspending stops every event of this organiser from selling at once; its members are told why by mail.'}
        </p>
        <button
          type="button"
          className={`${buttonClass(suspended ? 'secondary' : 'danger')} mt-4`}
          onClick={() => show('suspend')}
        >
          {suspended ? 'Reinstate organiser' : 'Suspend organiser'}
        </button>
      </section>
      <RequestMoreDialog
        open={open === 'more'}
        organisation={organiser.name}
        busy={decide.isPending}
        problem={problem}
        onConfirm={({ what, deadlineDays }) =>
          decide.mutate(
            { organiserId: organiser.id, decision: { decision: 'request_more', what, deadlineDays } },
            { onSuccess: () => done('The organiser is asked for more.'), onError: fail },
          )
        }
        onClose={() => setOpen(null)}
      />
      <ReasonDialog
        open={open === 'reject'}
        title={`Reject ${organiser.name}`}
        description="The owners are mailed the reason. The organiser cannot sell paid tickets; free events are not affected."
        confirmLabel="Reject verification"
        busy={decide.isPending}
        problem={problem}
        onConfirm={(reason) =>
          decide.mutate(
            { organiserId: organiser.id, decision: { decision: 'reject', reason } },
            { onSuccess: () => done('The verification is rejected.'), onError: fail },
          )
        }
        onClose={() => setOpen(null)}
      />
      <ReasonDialog
        open={open === 'suspend'}
        title={suspended ? `Reinstate ${organiser.name}` : `Suspend ${organiser.name}`}
        description={
          suspended
            ? 'Its published events go back on sale. Members are mailed the note.'
            : 'Its events stop selling at once and its members are mailed the reason. The reason is recorded in the audit log.'
        }
        confirmLabel={suspended ? 'Reinstate' : 'Suspend'}
        busy={suspension.isPending}
        problem={problem}
        onConfirm={(reason) =>
          suspension.mutate(
            { organiserId: organiser.id, suspend: !suspended, reason },
            {
              onSuccess: () => done(suspended ? 'The organiser is reinstated.' : 'The organiser is suspended.'),
              onError: fail,
            },
          )
        }
        onClose={() => setOpen(null)}
      />
    </>
  );
}

const actionLabels: Record<string, string> = {
  'verification.details_saved': 'Details saved',
  'verification.document_uploaded': 'Document uploaded',
  'verification.document_read': 'Document read',
  'verification.submitted': 'Verification sent',
  'verification.approved': 'Approved',
  'verification.more_requested': 'More asked for',
  'verification.rejected': 'Rejected',
  'verification.provider_updated': 'Stripe updated the account',
  'verification.stripe_account_created': 'Stripe account made',
  'organisation.suspended': 'Suspended',
  'organisation.reinstated': 'Reinstated',
  'team.member_removed': 'Member removed',
  'admin.fee_rule_added': 'Fee plan rule added',
};

/** The organiser's history, newest first, from the audit log. */
export function OrganiserHistory({ history }: Pick<AdminOrganiserDetail, 'history'>) {
  return (
    <section aria-labelledby="history-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="history-title" className="font-bold text-lg text-slate-900">
        History
      </h2>
      {history.length ? (
        <ol className="mt-3 space-y-2">
          {history.map((entry, index) => {
            const details = entry.details as Record<string, unknown>;
            const note = [details.reason, details.detail].find((value) => typeof value === 'string') as string | undefined;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are read-only and in a fixed order
              <li key={index} className="rounded-xl bg-slate-50 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  {actionLabels[entry.action] ?? entry.action}
                  {typeof details.before === 'string' && typeof details.after === 'string'
                    ? ` (${details.before} → ${details.after})`
                    : ''}
                </p>
                <p className="text-slate-600">
                  {formatDateTime(entry.at)} · {entry.actorEmail ?? 'Admit'}
                </p>
                {note ? <p className="mt-1 text-slate-700">{note}</p> : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-2 text-slate-600 text-sm">Nothing yet.</p>
      )}
    </section>
  );
}
