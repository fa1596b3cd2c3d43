import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '#contract/users.ts';
import { RoleNote } from './role-note.tsx';

const note = (role: MemberRole) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RoleNote role={role} organizationName="Dockside Promotions" />
    </MemoryRouter>,
  );

describe('the note for members who cannot edit', () => {
  it('sends door staff to the scanner and to ticket search, which are open now', () => {
    const html = note('door');
    expect(html).toContain('You are door staff at Dockside Promotions.');
    expect(html).toContain('href="/organizer/scan-ticket"');
    expect(html).toContain('href="/organizer/validate-ticket/search"');
    expect(html).not.toMatch(/soon/i);
  });

  it('sends the finance team to payments, payouts and reports, which are open now', () => {
    const html = note('finance');
    expect(html).toContain('href="/organizer/payments"');
    expect(html).toContain('href="/organizer/payouts"');
    expect(html).toContain('href="/organizer/reports"');
    expect(html).not.toMatch(/soon/i);
  });

  it('says nothing to owners and managers', () => {
    expect(note('owner')).toBe('');
    expect(note('manager')).toBe('');
  });
});
