import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sheetName, workbookLimiter, xlsxWorkbook, xlsxWorkbookOffThread } from './xlsx-workbook.ts';

async function open(table: Parameters<typeof xlsxWorkbook>[0]) {
  const files = unzipSync(new Uint8Array(await xlsxWorkbook(table)));
  const text = (name: string) => strFromU8(files[name] as Uint8Array);
  const strings = [...text('xl/sharedStrings.xml').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
  return { sheet: text('xl/worksheets/sheet1.xml'), workbook: text('xl/workbook.xml'), styles: text('xl/styles.xml'), strings };
}

describe('xlsxWorkbook', () => {
  it('writes text as strings, never as formulas, and figures as numbers with the CSV’s decimals', async () => {
    const { sheet, workbook, styles, strings } = await open({
      sheet: 'attendees',
      columns: [{ header: 'Name' }, { header: 'Amount', numeric: true }, { header: 'Tickets', numeric: true }],
      rows: [
        ['=HYPERLINK("http://evil.test","x")', '12.50', '3'],
        ['+1+2', '-0.5', ''],
        ['@SUM(A1)', '7', '0'],
      ],
    });
    expect(sheet).not.toContain('<f>');
    expect(strings).toContain('=HYPERLINK("http://evil.test","x")');
    expect(strings).toEqual(expect.arrayContaining(['Name', 'Amount', 'Tickets', '+1+2', '@SUM(A1)']));
    expect(sheet).toMatch(/<c r="A2" t="s"><v>\d+<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="B2" s="\d+"><v>12.5<\/v><\/c>/);
    expect(sheet).toContain('<c r="C2"><v>3</v></c>');
    expect(sheet).toMatch(/<c r="B3" s="\d+"><v>-0.5<\/v><\/c>/);
    expect(sheet.match(/<row /g)).toHaveLength(4);
    expect(styles).toContain('formatCode="0.00"');
    expect(styles).toMatch(/<b\s*\/>/);
    expect(workbook).toContain('name="attendees"');
    expect(sheet).toMatch(/<col min="1" max="1" width="\d+"/);
  });

  it('keeps a cell reading like an object’s member (constructor, __proto__) as that text', async () => {
    const { sheet, strings } = await open({
      sheet: 'x',
      columns: [{ header: 'Name' }],
      rows: [['constructor'], ['__proto__'], ['toString']],
    });
    expect(sheet).not.toContain('function');
    expect(sheet).not.toContain('[object');
    expect(strings).toEqual(['Name', 'constructor\u200b', '__proto__\u200b', 'toString\u200b']);
  });

  it('names the sheet within Excel’s rules', () => {
    expect(sheetName('a/b:c*d?[e]')).toBe('a b c d  e');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('')).toBe('Sheet1');
  });

  it('writes the same workbook in a worker thread', async () => {
    const table = {
      sheet: 'sales',
      columns: [{ header: 'Day' }, { header: 'Orders', numeric: true }],
      rows: [['2026-11-27', '4']],
    };
    const offThread = unzipSync(new Uint8Array(await xlsxWorkbookOffThread(table)));
    const here = unzipSync(new Uint8Array(await xlsxWorkbook(table)));
    expect(strFromU8(offThread['xl/worksheets/sheet1.xml'] as Uint8Array)).toBe(
      strFromU8(here['xl/worksheets/sheet1.xml'] as Uint8Array),
    );
    expect(strFromU8(offThread['xl/sharedStrings.xml'] as Uint8Array)).toContain('2026-11-27');
  });
});

describe('workbookLimiter', () => {
  it('refuses a third workbook while two are being written, with a 429 that says what to do, and takes one once a slot frees', async () => {
    const inSlot = workbookLimiter(2);
    const releases: (() => void)[] = [];
    const held = () => inSlot(() => new Promise<string>((resolve) => releases.push(() => resolve('written'))));
    const first = held();
    const second = held();
    await expect(inSlot(async () => 'third')).rejects.toMatchObject({
      status: 'TOO_MANY_REQUESTS',
      message: 'Other workbooks are being prepared. Try again in a minute, or download the CSV.',
    });
    releases[0]?.();
    expect(await first).toBe('written');
    expect(await inSlot(async () => 'after')).toBe('after');
    // A writer that fails frees its slot too.
    await expect(inSlot(async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await inSlot(async () => 'again')).toBe('again');
    releases[1]?.();
    expect(await second).toBe('written');
  });
});
