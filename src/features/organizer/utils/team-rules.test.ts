import { describe, expect, it } from 'vitest';
import { formatDay } from '#components/format/date-time.ts';
import { assignableRoles, canWithdraw, memberLock } from './team-rules.ts';

const owner = { userId: 'o', role: 'owner' as const };
const manager = { userId: 'm', role: 'manager' as const };

describe('team rules on screen', () => {
  it('offer the owner role to owners only', () => {
    expect(assignableRoles(owner)).toEqual(['owner', 'manager', 'finance', 'door']);
    expect(assignableRoles(manager)).toEqual(['manager', 'finance', 'door']);
  });

  it('lock the viewer’s own row, and owners’ rows for managers', () => {
    expect(memberLock(owner, { userId: 'o', role: 'owner' })).toContain('This is you');
    expect(memberLock(manager, { userId: 'x', role: 'owner' })).toBe('Only owners can change or remove an owner.');
    expect(memberLock(manager, { userId: 'x', role: 'door' })).toBeNull();
    expect(memberLock(owner, { userId: 'x', role: 'owner' })).toBeNull();
  });

  it('let only owners withdraw an owner invitation', () => {
    expect(canWithdraw(manager, { role: 'owner' })).toBe(false);
    expect(canWithdraw(manager, { role: 'door' })).toBe(true);
    expect(canWithdraw(owner, { role: 'owner' })).toBe(true);
  });

  it('format days in UTC', () => {
    expect(formatDay('2026-11-03T23:30:00Z')).toBe('3 Nov 2026');
  });
});
