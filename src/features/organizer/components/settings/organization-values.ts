import type { Organization, UpdateOrganization } from '#contract/users.ts';

/** The profile form's text values; social links by their contract path. */
export interface ProfileValues {
  name: string;
  description: string;
  website: string;
  contactEmail: string;
  city: string;
  timezone: string;
  'socialLinks.instagram': string;
  'socialLinks.facebook': string;
  'socialLinks.x': string;
  'socialLinks.tiktok': string;
}

export const socialNetworks = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X' },
  { key: 'tiktok', label: 'TikTok' },
] as const;

export function profileValues(organization: Organization): ProfileValues {
  const links = organization.socialLinks;
  return {
    name: organization.name,
    description: organization.description,
    website: organization.website ?? '',
    contactEmail: organization.contactEmail ?? '',
    city: organization.city ?? '',
    timezone: organization.timezone ?? '',
    'socialLinks.instagram': links.instagram ?? '',
    'socialLinks.facebook': links.facebook ?? '',
    'socialLinks.x': links.x ?? '',
    'socialLinks.tiktok': links.tiktok ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

type Network = (typeof socialNetworks)[number]['key'];

/** The links that are filled in, in one order, so two sets compare as text. */
function filledLinks(linkOf: (key: Network) => string | undefined): Partial<Record<Network, string>> {
  const links: Partial<Record<Network, string>> = {};
  for (const { key } of socialNetworks) {
    const link = orNull(linkOf(key) ?? '');
    if (link) links[key] = link;
  }
  return links;
}

/** The fields that differ from the saved profile, as the PATCH body (before the schema checks it). */
export function profileChanges(values: ProfileValues, logoKey: string | null, saved: Organization): Partial<UpdateOrganization> {
  const changes: Record<string, unknown> = {};
  if (values.name.trim() !== saved.name) changes.name = values.name;
  if (values.description !== saved.description) changes.description = values.description;
  if (logoKey !== saved.logoKey) changes.logoKey = logoKey;
  if (orNull(values.website) !== saved.website) changes.website = orNull(values.website);
  if (orNull(values.contactEmail) !== saved.contactEmail) changes.contactEmail = orNull(values.contactEmail);
  if (orNull(values.city) !== saved.city) changes.city = orNull(values.city);
  if (orNull(values.timezone) !== saved.timezone) changes.timezone = orNull(values.timezone);
  const links = filledLinks((key) => values[`socialLinks.${key}`]);
  if (JSON.stringify(links) !== JSON.stringify(filledLinks((key) => saved.socialLinks[key]))) changes.socialLinks = links;
  return changes as Partial<UpdateOrganization>;
}
