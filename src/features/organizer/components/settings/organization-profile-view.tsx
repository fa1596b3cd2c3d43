import type { ReactNode } from 'react';
import { FormCard } from '#components/fields/form-card.tsx';
import type { Organization } from '#contract/users.ts';
import { socialNetworks } from './organization-values.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-slate-100 border-b py-3 last:border-0 sm:grid-cols-3">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2">{children || <span className="text-slate-600">Not set</span>}</dd>
    </div>
  );
}

/** The profile as members who cannot change it see it. */
export function OrganizationProfileView({ organization }: { organization: Organization }) {
  return (
    <FormCard id="profile-view-title" title="Public profile">
      {organization.logoUrl ? (
        <img
          src={organization.logoUrl}
          alt={`${organization.name} logo`}
          className="size-24 rounded-xl object-cover ring-1 ring-slate-200"
        />
      ) : null}
      <dl>
        <Row term="Name">{organization.name}</Row>
        <Row term="About">
          {organization.description ? <span className="whitespace-pre-line">{organization.description}</span> : null}
        </Row>
        <Row term="City">{organization.city}</Row>
        <Row term="Website">{organization.website}</Row>
        <Row term="Contact email">{organization.contactEmail}</Row>
        {socialNetworks.map(({ key, label }) => (
          <Row key={key} term={label}>
            {organization.socialLinks[key]}
          </Row>
        ))}
      </dl>
    </FormCard>
  );
}
