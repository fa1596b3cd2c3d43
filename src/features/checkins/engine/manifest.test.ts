import { describe, expect, it } from 'vitest';
import { ticketKey } from '#contract/scan-data.ts';
import { Manifest, type ManifestPage } from './manifest.ts';

const eventId = '00000000-0000-4000-8000-000000000001';
const typeId = '00000000-0000-4000-8000-0000000000aa';
const ada = '00000000-0000-4000-8000-000000000011';

/** One ticket as a page carries it, with its holder, code start and short code. */
const pageOf = (kind: 'full' | 'changes', holder: string, codeStart: string, shortCode: string): ManifestPage => ({
  kind,
  ticketTypes: [{ id: typeId, name: 'Standing' }],
  devices: [],
  tickets: {
    ids: ticketKey(ada),
    types: [0],
    holders: [holder],
    status: 'v',
    codeStarts: codeStart,
    codeStartLength: 5,
    shortCodes: shortCode,
    orderSizes: [1],
    checkins: [],
  },
  orders: { references: ['ADM-7Q2K'], buyerNames: ['Ada Lovelace'], buyerEmails: ['ada@example.test'] },
  revoked: [],
  scans: [],
});

describe('the door’s manifest', () => {
  it('forgets the short code of a ticket passed on, finds it by its new one and holds its new code start', () => {
    const manifest = new Manifest(eventId);
    manifest.applyPage(pageOf('full', '', 'ABCDE', 'K7QMX4PDR'));
    const knowledge = manifest.knowledge();
    expect(knowledge.ticketByShortCode('K7QMX4PDR')?.id).toBe(ada);

    manifest.applyPage(pageOf('changes', 'Grace Hopper', 'VWXYZ', 'W2EF9H0JA'));
    expect(knowledge.ticketByShortCode('K7QMX4PDR')).toBeUndefined();
    expect(knowledge.ticketByShortCode('W2EF9H0JA')).toMatchObject({ id: ada, holderName: 'Grace Hopper', codeStart: 'VWXYZ' });
  });
});
