import type { KycStatus } from '../../src/contract/users.ts';
import type { SellerType, VerificationDocumentKind } from '../../src/contract/verification.ts';

/** A demo organisation's public profile and what its owner sent for verification, all invented. */
export interface SeedProfile {
  organisation: string;
  /** The file in seed-assets/logos, without `.png`. */
  logo: string;
  city: string;
  about: string;
  website: string;
  contactEmail: string;
  instagram?: string;
  /** Days before the seed its account was opened, its verification sent and (when verified) approved. */
  openedDaysAgo: number;
  submittedDaysAgo: number;
  status: Extract<KycStatus, 'verified' | 'pending'>;
  seller: {
    type: SellerType;
    legalName: string;
    /** The person whose identity document is sent. */
    representative: string;
    addressLine: string;
    postalCode: string;
    representativeBirthDate: string;
    taxId: string;
    bank: { holder: string; sortCode: string; last4: string };
  };
  documents: Array<{ kind: VerificationDocumentKind; fileName: string; title: string }>;
}

export const seedProfiles: SeedProfile[] = [
  {
    organisation: 'Northern Lights Live',
    logo: 'northern-lights-live',
    city: 'Manchester',
    about:
      'Independent promoters of gigs, club nights and festivals across the North since 2014: late jazz by the water in Salford, comedy in a Leeds cellar, a winter festival in Heaton Park.\n\nAbout sixty nights a year, every artist paid on the night.',
    website: 'https://northernlights.example.com',
    contactEmail: 'hello@northernlights.demo',
    instagram: 'https://instagram.com/northernlights.demo',
    openedDaysAgo: 120,
    submittedDaysAgo: 112,
    status: 'verified',
    seller: {
      type: 'company',
      legalName: 'Northern Lights Live Ltd',
      representative: 'Maya Okafor',
      addressLine: 'Unit 4, 12 Jersey Street',
      postalCode: 'M4 6JB',
      representativeBirthDate: '1986-03-09',
      taxId: 'GB 284 5521 93',
      bank: { holder: 'Northern Lights Live Ltd', sortCode: '401162', last4: '4417' },
    },
    documents: [
      { kind: 'identity', fileName: 'passport-maya-okafor.pdf', title: 'Passport' },
      { kind: 'company', fileName: 'certificate-of-incorporation.pdf', title: 'Certificate of incorporation' },
    ],
  },
  {
    organisation: 'Harbour Arts Collective',
    logo: 'harbour-arts-collective',
    city: 'Bristol',
    about:
      'A not-for-profit collective of artists, makers and producers on Bristol’s harbourside, with a second home in Cardiff Bay.\n\nTheatre in unusual places, gallery lates, family science mornings and a monthly makers’ market.',
    website: 'https://harbourarts.example.com',
    contactEmail: 'boxoffice@harbourarts.demo',
    openedDaysAgo: 95,
    submittedDaysAgo: 90,
    status: 'verified',
    seller: {
      type: 'company',
      legalName: 'Harbour Arts Collective CIC',
      representative: 'Sam Patel',
      addressLine: 'The Boathouse, 21 Cumberland Road',
      postalCode: 'BS1 6XW',
      representativeBirthDate: '1991-11-23',
      taxId: 'CIC 11873402',
      bank: { holder: 'Harbour Arts Collective CIC', sortCode: '309634', last4: '0852' },
    },
    documents: [
      { kind: 'identity', fileName: 'driving-licence-sam-patel.pdf', title: 'Driving licence' },
      { kind: 'company', fileName: 'cic-registration.pdf', title: 'Community interest company registration' },
    ],
  },
  {
    organisation: 'Riverside Folk Club',
    logo: 'riverside-folk-club',
    city: 'York',
    about:
      'A volunteer-run folk club meeting on Thursday nights by the Ouse since 1998: singarounds, guest performers, and a spring ceilidh in the church hall.',
    website: 'https://riversidefolk.example.com',
    contactEmail: 'lena@riversidefolk.demo',
    openedDaysAgo: 4,
    submittedDaysAgo: 1,
    status: 'pending',
    seller: {
      type: 'individual',
      legalName: 'Lena Marsh',
      representative: 'Lena Marsh',
      addressLine: '7 Bishophill Terrace',
      postalCode: 'YO1 6EN',
      representativeBirthDate: '1979-05-14',
      taxId: 'UTR 5531 0827 46',
      bank: { holder: 'Riverside Folk Club', sortCode: '207746', last4: '3190' },
    },
    documents: [
      { kind: 'identity', fileName: 'passport-lena-marsh.pdf', title: 'Passport' },
      { kind: 'address', fileName: 'council-tax-bill.pdf', title: 'Council tax bill' },
    ],
  },
];
