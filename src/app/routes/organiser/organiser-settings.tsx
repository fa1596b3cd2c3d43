import { Link } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { can } from '#contract/permissions.ts';
import type { User } from '#contract/users.ts';
import { organizationProfileQueryOptions, useOrganizationProfile } from '#features/organizer/api/get-organization-profile.ts';
import { teamQueryOptions } from '#features/organizer/api/get-team.ts';
import { prefetchMember } from '#features/organizer/api/prefetch-member.ts';
import { RoleNote } from '#features/organizer/components/role-note.tsx';
import { OrganizationProfileView } from '#features/organizer/components/settings/organization-profile-view.tsx';
import { OrganizationSettingsForm } from '#features/organizer/components/settings/organization-settings-form.tsx';
import { TeamSection } from '#features/organizer/components/team/team-section.tsx';
import { useCanEdit } from '#features/organizer/hooks/use-can-edit.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { sessionKeys, useSession } from '#lib/session/use-session.ts';

export function createLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { organizationId, authId } = session();
    if (!organizationId) throw notFound();
    await Promise.all([
      queryClient.ensureQueryData(organizationProfileQueryOptions(api, organizationId)),
      prefetchMember(queryClient, api, authId),
    ]);
    // The team is rendered on the server for those who manage it; others never ask (the API would say 403).
    const member = queryClient.getQueryData<User>(sessionKeys.user(authId));
    if (can(member?.organizationRole, 'team.manage')) await queryClient.prefetchQuery(teamQueryOptions(api, organizationId));
    return null;
  };
}

const verification = {
  unverified: { label: 'Not started', className: 'bg-slate-100 text-slate-800' },
  pending: { label: 'In review', className: 'bg-amber-50 text-amber-900' },
  verified: { label: 'Verified', className: 'bg-emerald-50 text-emerald-800' },
  action_required: { label: 'Action required', className: 'bg-amber-50 text-amber-900' },
  rejected: { label: 'Not accepted', className: 'bg-red-50 text-red-800' },
} as const;

function Settings({ organizationId }: { organizationId: string }) {
  const { data: organization } = useOrganizationProfile(organizationId);
  const { user } = useSession();
  const canEdit = useCanEdit();
  const role = user?.organizationRole ?? null;
  const kyc = verification[organization.kycStatus];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageMeta title="Organisation settings" description="Your organisation’s public profile and team." noIndex />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-slate-600">
          The public profile and team of {organization.name}.{' '}
          <span className="whitespace-nowrap">
            Identity verification:{' '}
            <span className={`rounded-full px-2.5 py-0.5 font-semibold text-sm ${kyc.className}`}>{kyc.label}</span>{' '}
            <Link to="/kyc-status" className="font-semibold text-indigo-700 text-sm underline underline-offset-2">
              Details
            </Link>
          </span>
        </p>
      </header>
      <RoleNote role={role} organizationName={organization.name} />
      {user && can(role, 'team.manage') ? (
        <nav aria-label="On this page" className="flex flex-wrap gap-2">
          <a href="#profile-title" className={buttonClass('secondary', 'small')}>
            Public profile
          </a>
          <a href="#team-title" className={buttonClass('secondary', 'small')}>
            Team
          </a>
          <a href="#invite-title" className={buttonClass('secondary', 'small')}>
            Invite someone
          </a>
        </nav>
      ) : null}
      {canEdit ? (
        <OrganizationSettingsForm key={organization.id} organization={organization} />
      ) : (
        // The role note above says who changes the profile.
        <OrganizationProfileView organization={organization} />
      )}
      {user && role && can(role, 'team.manage') ? (
        <TeamSection organizationId={organizationId} organizationName={organization.name} viewer={{ userId: user.id, role }} />
      ) : null}
    </div>
  );
}

export function Component() {
  const { organizationId } = useRouteSession();
  return organizationId ? <Settings organizationId={organizationId} /> : null;
}
