import { Link } from 'react-router';
import { createVerificationLoader } from '#app/loaders/verification-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { VerificationStatusPanel } from '#components/verification-status.tsx';
import { can, rolesAllowed } from '#contract/permissions.ts';
import { useVerification } from '#features/verification/api/verification.ts';
import { SellerDetailsForm } from '#features/verification/components/seller-details-form.tsx';
import { VerificationActions } from '#features/verification/components/verification-actions.tsx';
import { VerificationDocuments } from '#features/verification/components/verification-documents.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';

export const createLoader = createVerificationLoader;

function Explanation({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">{title}</h2>
      <div className="mt-2 space-y-3 text-slate-700">{children}</div>
    </div>
  );
}

function OwnerVerification({ organizationId }: { organizationId: string }) {
  const verification = useVerification(organizationId);
  if (verification.isPending) {
    return (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading your verification…
      </p>
    );
  }
  if (!verification.data) {
    return (
      <Explanation title="Your verification could not be loaded">
        <button type="button" className={buttonClass('secondary')} onClick={() => void verification.refetch()}>
          Try again
        </button>
      </Explanation>
    );
  }
  const data = verification.data;
  const editable = data.status === 'unverified' || data.status === 'action_required';
  // A form that cannot be changed and holds nothing says nothing: an organisation verified without details sent here
  // (verified by Stripe, or before this page asked for them) sees its status alone.
  const sentDetails = data.details !== null && Object.values(data.details).some((value) => value !== null && value !== '');
  const showDetails = editable || sentDetails || data.bankAccount !== null;
  return (
    <div className="space-y-6">
      <VerificationStatusPanel verification={data}>
        <p className="mt-4">
          <Link to="/kyc-status" className="font-semibold text-indigo-700 underline underline-offset-2">
            See the status page
          </Link>
        </p>
      </VerificationStatusPanel>
      {showDetails ? (
        <SellerDetailsForm key={`${data.status}-${data.submittedAt ?? ''}`} verification={data} editable={editable} />
      ) : null}
      {data.provider === 'sandbox' && (editable || data.documents.length > 0) ? (
        <VerificationDocuments verification={data} editable={editable} />
      ) : null}
      {editable ? (
        <section aria-labelledby="send-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="send-title" className="font-bold text-lg text-slate-900">
            {data.provider === 'stripe' ? 'Finish at Stripe' : 'Send for review'}
          </h2>
          <div className="mt-3">
            <VerificationActions verification={data} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function Component() {
  const { organizationId } = useRouteSession();
  const { user, organization, isLoading } = useSession();
  const role = user?.organizationRole ?? null;
  return (
    <div className="max-w-3xl space-y-6">
      <PageMeta
        title="Verify your organisation"
        description="Identity verification and payouts for selling paid tickets."
        noIndex
      />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Verify your organisation</h1>
        <p className="mt-1 text-slate-600">
          Before an organisation sells paid tickets, we confirm who runs it and where its money goes. Free events need none of
          this.
        </p>
      </header>
      {!organizationId ? (
        <Explanation title="You are not part of an organisation">
          <p>
            Verification is for organisations that sell tickets. Sign up as an organiser to create one, or ask an owner to invite
            you.
          </p>
        </Explanation>
      ) : isLoading && !user ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading…
        </p>
      ) : can(role, 'verification.manage') ? (
        <OwnerVerification organizationId={organizationId} />
      ) : (
        <Explanation title={`Only ${rolesAllowed('verification.manage')} verify ${organization?.name ?? 'the organisation'}`}>
          <p>
            Verification asks for the seller’s legal details, identity documents and bank account, so only the organisation’s
            owners can see and send it. Ask an owner if paid tickets cannot be sold yet.
          </p>
          <p>
            <Link to="/kyc-status" className="font-semibold text-indigo-700 underline underline-offset-2">
              See where verification stands
            </Link>
          </p>
        </Explanation>
      )}
    </div>
  );
}
