import type { MemberRole } from './users.ts';

/**
 * What each organisation role may do: the single source for the API's checks
 * (`requirePermission` in server/features/organizations/organizations.service.ts) and for what the organiser area shows.
 * Add a permission here, then check it with `can(role, permission)`; never compare role names.
 */
export const permissions = [
  /** See the organisation's events in the organiser area (drafts included). */
  'events.read',
  /** Create, change, publish, unpublish and cancel events. */
  'events.edit',
  /** Change the organisation's public profile. */
  'organization.edit',
  /** See the team, invite people, change roles, remove members. */
  'team.manage',
  /** See orders, attendees and payment totals. */
  'orders.read',
  /** Refund orders. */
  'orders.refund',
  /** See the money reports: gross, fees, refunds and net, and every ledger movement. */
  'money.read',
  /** Scan, search and check in tickets at the door. */
  'checkin.scan',
  /** Verify the organisation's identity, connect payouts and read its identity documents. */
  'verification.manage',
  /** See the balance per currency and the payouts. */
  'payouts.read',
] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<MemberRole, readonly Permission[]>> = {
  owner: [
    'events.read',
    'events.edit',
    'organization.edit',
    'team.manage',
    'orders.read',
    'orders.refund',
    'money.read',
    'checkin.scan',
    'verification.manage',
    'payouts.read',
  ],
  manager: ['events.read', 'events.edit', 'organization.edit', 'team.manage', 'orders.read', 'checkin.scan'],
  finance: ['events.read', 'orders.read', 'orders.refund', 'money.read', 'payouts.read'],
  door: ['events.read', 'checkin.scan'],
};

/** Whether a member with this role may do it; no role (not a member) may do nothing. */
export function can(role: MemberRole | null | undefined, permission: Permission): boolean {
  return role ? rolePermissions[role].includes(permission) : false;
}

export const roleLabels: Readonly<Record<MemberRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  finance: 'Finance',
  door: 'Door staff',
};

/** What a role lets a person do, in the invitation email and the team screen. */
export const roleDescriptions: Readonly<Record<MemberRole, string>> = {
  owner: 'Everything, including the team, refunds and the organisation’s profile.',
  manager: 'Events, the profile, orders and the team (but not owners).',
  finance: 'Orders, payments and refunds.',
  door: 'Scanning and checking in tickets at the door.',
};

/** The roles that hold every permission given, in a sentence: "owners and managers". */
export function rolesAllowed(...required: Permission[]): string {
  const plural: Record<MemberRole, string> = {
    owner: 'owners',
    manager: 'managers',
    finance: 'finance members',
    door: 'door staff',
  };
  const names = (Object.keys(rolePermissions) as MemberRole[])
    .filter((role) => required.every((permission) => can(role, permission)))
    .map((role) => plural[role]);
  if (names.length <= 1) return names[0] ?? 'nobody';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
