import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { ChangePasswordForm } from '#features/account/components/change-password-form.tsx';
import { EditDetailsForm } from '#features/account/components/edit-details-form.tsx';
import { ProfileCard, ProfileSkeleton } from '#features/account/components/profile-card.tsx';
import { SignOutSection } from '#features/account/components/sign-out-section.tsx';
import { sessionKeys, useSession } from '#lib/session/use-session.ts';

function LoadFailed({ authId }: { authId: string | null }) {
  const queryClient = useQueryClient();
  const retrying = useIsFetching({ queryKey: sessionKeys.user(authId) }) > 0;
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">We couldn’t load your account</h2>
      <p className="mt-1 text-slate-600">Check your connection and try again.</p>
      {authId ? (
        <button
          type="button"
          disabled={retrying}
          onClick={() => void queryClient.refetchQueries({ queryKey: sessionKeys.user(authId) })}
          className={`mt-5 ${buttonClass()}`}
        >
          {retrying ? <Spinner /> : null}
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      ) : (
        <Link to="/sign-in?redirect=%2Faccount" className={`mt-5 ${buttonClass()}`}>
          Sign in again
        </Link>
      )}
    </div>
  );
}

export function Component() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { user } = session;
  // Read while rendering: useSession's own query re-renders this page when the state changes.
  const failed = !user && (!session.authId || queryClient.getQueryState(sessionKeys.user(session.authId))?.status === 'error');

  return (
    <div className="mx-auto max-w-3xl">
      <PageMeta title="My account" description="Your Admit profile, details and password." noIndex />
      <header className="mb-6">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {user ? `Hello, ${user.firstName}` : 'My account'}
        </h1>
        <p className="mt-1 text-slate-600">Your profile, your details and how you sign in.</p>
      </header>
      {user ? (
        <div className="space-y-6">
          <ProfileCard user={user} organization={session.organization} />
          <EditDetailsForm key={user.id} user={user} />
          <ChangePasswordForm />
          <SignOutSection />
        </div>
      ) : failed ? (
        <div className="space-y-6">
          <LoadFailed authId={session.authId} />
          <SignOutSection />
        </div>
      ) : (
        <div className="space-y-6" aria-busy="true">
          <p className="sr-only" role="status">
            Loading your account…
          </p>
          <ProfileSkeleton />
          <div
            aria-hidden="true"
            className="h-64 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
          />
        </div>
      )}
    </div>
  );
}
