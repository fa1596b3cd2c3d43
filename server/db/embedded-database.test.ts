import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, pgliteSharedBuffers } from './database.ts';

const folder = mkdtempSync(join(tmpdir(), 'admit-embedded-'));
const db = createDatabase({ dataDir: folder });
afterAll(async () => {
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('keeps small shared buffers, not PostgreSQL’s 128 MB, in the server’s own memory', async () => {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    expect(rows[0]?.shared_buffers).toBe(pgliteSharedBuffers);
    expect(pgliteSharedBuffers).toBe('16MB');
  });
});
