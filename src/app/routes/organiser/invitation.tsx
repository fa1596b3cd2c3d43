import { Link, type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { formatDay } from '#components/format/date-time.ts';
import { Spinner } from '#components/submit-button.tsx';
import { roleDescriptions, roleLabels } from '#contract/permissions.ts';
import { type Invitation, invitationTokenSchema } from '#contract/team.ts';
import { AuthColumn, AuthHeader, withEmail } from '#features/auth/components/auth-header.tsx';
import { useAcceptInvitation } from '#features/organizer/api/accept-invitation.ts';
import { invitationQueryOptions, useInvitation } from '#features/organizer/api/get-invitation.ts';
import { signOut } from '#lib/session/sign-out.ts';
import { useSession } from '#lib/session/use-session.ts';

interface InvitationLoaderData {
  /** The link names no invitation (or is malformed): the page says so instead of a bare 404. */
  unknown: boolean;
}

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs): Promise<InvitationLoaderData> => {
    const token = params.token ?? '';
    if (!invitationTokenSchema.safeParse(token).success) return { unknown: true };
    try {
      await queryClient.ensureQueryData(invitationQueryOptions(api, token));
      return { unknown: false };
    } catch {
      return { unknown: true };
    }
  };
}

/** `/sign-in` or `/sign-up` with the invited address filled in, coming back here afterwards. */
const authLink = (path: string, email: string, token: string) => withEmail(path, email, `/invitations/${token}`);

function Ended({ invitation, signedInHere }: { invitation: Invitation; signedInHere: boolean }) {
  const organization = invitation.organizationName;
  const message = {
    accepted: 'This invitation has already been used. Each invitation link works once.',
    revoked: `${organization} withdrew this invitation. Ask them to send you a new one if you still need it.`,
    expired: `This invitation expired on ${formatDay(invitation.expiresAt)}. Ask ${organization} to send you a new one.`,
    pending: '',
  }[invitation.status];
  return (
    <div className="space-y-4">
      <FormAlert tone="info">{message}</FormAlert>
      {signedInHere ? (
        <a href="/organizer/events" className={`${buttonClass()} w-full`}>
          Open the organiser area
        </a>
      ) : (
        <Link to="/" className={`${buttonClass('secondary')} w-full`}>
          Go to the home page
        </Link>
      )}
    </div>
  );
}

function Pending({ invitation, token }: { invitation: Invitation; token: string }) {
  const session = useSession();
  const accept = useAcceptInvitation();
  const signedInEmail = session.user?.email ?? session.email;
  const organization = invitation.organizationName;
  const role = roleLabels[invitation.role].toLowerCase();

  if (accept.isSuccess) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">
          You joined {accept.data.organizationName} as {roleLabels[accept.data.role].toLowerCase()}.
        </FormAlert>
        {/* A full load, so the whole app starts with the new membership. */}
        <a href="/organizer/settings" className={`${buttonClass()} w-full`}>
          Open {accept.data.organizationName}
        </a>
      </div>
    );
  }
  if (!session.signedIn) {
    return (
      <div className="space-y-3">
        <p className="text-slate-700">
          Sign in with <strong className="break-all">{invitation.email}</strong> to accept, or create an account with that
          address. You come back here afterwards.
        </p>
        <Link to={authLink('/sign-in', invitation.email, token)} className={`${buttonClass()} w-full`}>
          Sign in to accept
        </Link>
        <Link to={authLink('/sign-up', invitation.email, token)} className={`${buttonClass('secondary')} w-full`}>
          Create an account
        </Link>
      </div>
    );
  }
  if (signedInEmail && signedInEmail.toLowerCase() !== invitation.email.toLowerCase()) {
    return (
      <div className="space-y-3">
        <FormAlert>
          You are signed in as <strong className="break-all">{signedInEmail}</strong>, but this invitation is for{' '}
          <strong className="break-all">{invitation.email}</strong>.
        </FormAlert>
        <button
          type="button"
          className={`${buttonClass()} w-full`}
          onClick={() => void signOut(authLink('/sign-in', invitation.email, token))}
        >
          Sign out and use {invitation.email}
        </button>
      </div>
    );
  }
  if (session.organizationId === invitation.organizationId) {
    return (
      <div className="space-y-4">
        <FormAlert tone="info">You are already a member of {organization}.</FormAlert>
        <a href="/organizer/settings" className={`${buttonClass()} w-full`}>
          Open {organization}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {accept.isError ? <FormAlert>{serverMessage(accept.error)}</FormAlert> : null}
      <button
        type="button"
        className={`${buttonClass()} w-full`}
        disabled={accept.isPending}
        onClick={() => accept.mutate(token)}
      >
        {accept.isPending ? <Spinner /> : null}
        {accept.isPending ? 'Joining…' : `Join ${organization} as ${role}`}
      </button>
      <Link to="/account" className={`${buttonClass('secondary')} w-full`}>
        Not now
      </Link>
    </div>
  );
}

function InvitationView({ token }: { token: string }) {
  const { data: invitation } = useInvitation(token);
  const session = useSession();
  return (
    <>
      <PageMeta title={`Join ${invitation.organizationName}`} description="An invitation to join a team on Admit." noIndex />
      <AuthHeader title={`Join ${invitation.organizationName}`}>
        {invitation.invitedBy ? `${invitation.invitedBy} invited` : 'You are invited:'}{' '}
        <strong className="break-all font-semibold text-slate-900">{invitation.email}</strong> to join{' '}
        {invitation.organizationName} on Admit as{' '}
        <strong className="font-semibold text-slate-900">{roleLabels[invitation.role].toLowerCase()}</strong>.
      </AuthHeader>
      <dl className="mb-6 grid gap-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
        <div>
          <dt className="font-semibold text-slate-900">What you can do</dt>
          <dd className="text-slate-700">{roleDescriptions[invitation.role]}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{invitation.expired ? 'Expired' : 'Expires'}</dt>
          <dd className="text-slate-700">{formatDay(invitation.expiresAt)}</dd>
        </div>
      </dl>
      {invitation.status === 'pending' ? (
        <Pending invitation={invitation} token={token} />
      ) : (
        <Ended invitation={invitation} signedInHere={session.organizationId === invitation.organizationId} />
      )}
    </>
  );
}

/** The emailed invitation link: what it is, and accepting it (signing in or up first when needed). */
export function Component() {
  const { unknown } = useLoaderData() as InvitationLoaderData;
  const { token = '' } = useParams();
  return (
    <AuthColumn>
      {unknown ? (
        <>
          <PageMeta title="Invitation not found" description="This invitation link is not valid." noIndex />
          <AuthHeader title="This invitation link is not valid">
            Check that you opened the whole link from the email, or ask the organisation to send you a new invitation.
          </AuthHeader>
          <Link to="/" className={`${buttonClass('secondary')} w-full`}>
            Go to the home page
          </Link>
        </>
      ) : (
        <InvitationView token={token} />
      )}
    </AuthColumn>
  );
}
