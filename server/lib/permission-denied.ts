import { type Permission, rolesAllowed } from '../../src/contract/permissions.ts';
import { HttpError } from './http-error.ts';

/** What each permission lets a member do, as the end of "Only owners can …". */
const actions: Record<Permission, string> = {
  'events.read': 'see the organisation’s events',
  'events.edit': 'create or change the organisation’s events',
  'organization.edit': 'change the organisation’s profile',
  'team.manage': 'manage the team',
  'orders.read': 'see the organisation’s orders',
  'orders.refund': 'refund orders',
  'money.read': 'see the organisation’s money reports',
  'checkin.scan': 'check in tickets',
  'verification.manage': 'verify the organisation and connect its payouts',
  'payouts.read': 'see the organisation’s payouts',
};

/**
 * The refusal a member gets when their role lacks the permission: 403 with a sentence naming who may do it.
 * Every domain that checks an organisation role refuses the same way, whether it asked the organisation for
 * the role or read it beside its own data.
 */
export function permissionDenied(permission: Permission): HttpError {
  return new HttpError('FORBIDDEN', `Only ${rolesAllowed(permission)} can ${actions[permission]}.`);
}
