import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Organization } from '#contract/users.ts';
import { OrganisationHeader } from './organisation-header.tsx';

const organisation: Organization = {
  id: '6f1c2b3a-1d2e-4f50-8a9b-0c1d2e3f4a5b',
  name: 'Harbour Arts Collective',
  kycStatus: 'verified',
  payoutsEnabled: true,
  createdAt: '2026-09-01T10:00:00Z',
  description: 'Theatre in unusual places.\n\nA monthly makers’ market.',
  logoKey: 'seed/logos/harbour-arts-collective.png',
  logoUrl: '/api/uploads/file/seed/logos/harbour-arts-collective.png?signature=x',
  website: null,
  contactEmail: null,
  city: 'Bristol',
  socialLinks: {},
  timezone: 'Europe/London',
};

describe('an organiser’s public header', () => {
  it('shows its logo, city and About', () => {
    const html = renderToString(<OrganisationHeader organisation={organisation} />);
    expect(html).toContain('src="/api/uploads/file/seed/logos/harbour-arts-collective.png?signature=x"');
    expect(html.replaceAll('<!-- -->', '')).toContain('Organiser · Bristol');
    expect(html).toContain('Theatre in unusual places.');
    expect(html).toContain('Verified organiser');
  });

  it('shows its initial when it has no logo, and no About or city it has not written', () => {
    const html = renderToString(
      <OrganisationHeader organisation={{ ...organisation, logoKey: null, logoUrl: null, description: '', city: null }} />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('>H</span>');
    expect(html).not.toContain('<p class="max-w-prose');
    expect(html).toContain('>Organiser</p>');
  });
});
