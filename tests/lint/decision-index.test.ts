import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision records' index (docs/decisions/README.md) lists every record with its date and status, and nothing
// that is not there: a record added without a line in the index fails here.
const folder = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const records = readdirSync(folder)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();
const index = readFileSync(`${folder}README.md`, 'utf8');
const rows = index
  .split('\n')
  .filter((line) => /^\| \[?\d{3}/.test(line))
  .map((line) => line.split('|').map((cell) => cell.trim()));

describe('the decision records', () => {
  it('have one number each', () => {
    const numbers = records.map((file) => file.slice(0, 3));
    expect(numbers).toEqual([...new Set(numbers)]);
  });

  it('are each listed in the index, linked, with a date and a status', () => {
    for (const file of records) {
      const row = rows.find((cells) => cells[2]?.includes(`(${file})`));
      expect(row, `${file} is not in docs/decisions/README.md`).toBeDefined();
      expect(row?.[3], `${file}'s date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row?.[4], `${file}'s status`).toMatch(
        /^(accepted|amended by \d{3}(, \d{3})*|superseded in part by \d{3}|withdrawn|not used)/,
      );
    }
  });

  it('list nothing that is not there, and say which numbers were never used', () => {
    for (const cells of rows) {
      const link = /\((\d{3}-[^)]+\.md)\)/.exec(cells[2] ?? '')?.[1];
      if (link) expect(records, `the index links ${link}`).toContain(link);
      else expect(cells[4], `${cells[1]} has no record`).toBe('not used');
    }
  });
});
