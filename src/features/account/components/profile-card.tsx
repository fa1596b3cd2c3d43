import type { ReactNode } from 'react';
import { formatLongDate } from '#components/format/local-date.ts';
import { secondsToIsoDate } from '#contract/date-of-birth.ts';
import type { MemberRole, Organization, Platform, User } from '#contract/users.ts';

const platformLabels: Record<Platform, string> = { attendee: 'Attendee', organiser: 'Organiser', admin: 'Administrator' };
const platformTones: Record<Platform, string> = {
  attendee: 'bg-slate-100 text-slate-800',
  organiser: 'bg-indigo-100 text-indigo-800',
  admin: 'bg-amber-100 text-amber-900',
};
export const roleLabels: Record<MemberRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  finance: 'Finance',
  door: 'Door staff',
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
      <dt className="text-slate-600 text-sm sm:w-40 sm:shrink-0 sm:text-base">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Who is signed in: name, address, roles, and the organisation they belong to. */
export function ProfileCard({ user, organization }: { user: User; organization: Organization | null }) {
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <section aria-labelledby="profile-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-bold text-lg text-white"
        >
          {initials}
        </span>
        <div className="min-w-0">
          <h2 id="profile-title" className="truncate font-bold text-slate-900 text-xl">
            {user.firstName} {user.lastName}
          </h2>
          <p className="truncate text-slate-600">{user.email}</p>
        </div>
      </div>
      <ul aria-label="Your roles" className="mt-4 flex flex-wrap gap-2">
        {user.platforms.map((platform) => (
          <li key={platform} className={`rounded-full px-3 py-1 font-semibold text-sm ${platformTones[platform]}`}>
            {platformLabels[platform]}
          </li>
        ))}
      </ul>
      <dl className="mt-4 divide-y divide-slate-100 border-slate-100 border-t">
        <Detail label="Email">
          {user.email}{' '}
          {user.emailConfirmed ? <span className="ml-1 font-normal text-emerald-700 text-sm">✓ Confirmed</span> : null}
        </Detail>
        <Detail label="Date of birth">
          <time dateTime={secondsToIsoDate(user.dateOfBirth)}>{secondsToIsoDate(user.dateOfBirth)}</time>
        </Detail>
        {user.organizationId ? (
          <Detail label="Organisation">
            {organization?.name ?? 'Your organisation'}
            {user.organizationRole ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2.5 py-0.5 font-semibold text-slate-700 text-sm">
                {roleLabels[user.organizationRole]}
              </span>
            ) : null}
          </Detail>
        ) : null}
        <Detail label="Member since">
          <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
        </Detail>
      </dl>
    </section>
  );
}

/** The profile card's shape while the account loads. */
export function ProfileSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 motion-reduce:animate-none sm:p-6"
    >
      <div className="flex items-center gap-4">
        <div className="size-14 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-2/5 rounded bg-slate-200" />
          <div className="h-4 w-3/5 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-6 space-y-4">
        <div className="h-4 w-full rounded bg-slate-100" />
        <div className="h-4 w-4/5 rounded bg-slate-100" />
        <div className="h-4 w-3/5 rounded bg-slate-100" />
      </div>
    </div>
  );
}
