import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { root, sourceFiles } from './source-files.ts';

// Dates and times read in one style on every page ("Tue 1 Dec, 23:00"), whatever the device's language: all date
// text comes from the kit's formatter (src/components/format). A `toLocale…String` on a date, or an
// `Intl.DateTimeFormat` of one's own, anywhere else in the app prints the device's style ("Tue, Dec 1, 11:00 PM" on a
// phone set to US English) or a style of its own, so this scan refuses them.
const formatterFolder = 'src/components/format/';

/** Code that builds an `Intl.DateTimeFormat` for arithmetic, never for text people read. */
const notText = new Map([
  ['src/contract/time-zone.ts', 'asks the engine whether it knows a zone name'],
  ['src/features/organizer/utils/zoned-time.ts', 'reads wall-clock numbers for datetime-local inputs'],
  ['src/contract/refund-policy-text.ts', 'reads wall-clock numbers for a refund deadline, printed in the app’s style from them'],
]);

interface Finding {
  file: string;
  line: number;
  what: string;
}

const isIntlDateTimeFormat = (node: ts.Expression) =>
  ts.isPropertyAccessExpression(node) &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === 'Intl' &&
  node.name.text === 'DateTimeFormat';

/** `Intl.DateTimeFormat().resolvedOptions()`: the device's zone or locale, no text. */
const onlyResolvesOptions = (node: ts.CallExpression | ts.NewExpression) =>
  ts.isCallExpression(node) &&
  (node.arguments?.length ?? 0) === 0 &&
  ts.isPropertyAccessExpression(node.parent) &&
  node.parent.name.text === 'resolvedOptions';

/** Whether a receiver is a Date (or a union holding one), as the type checker sees it. */
function isDate(checker: ts.TypeChecker, receiver: ts.Expression): boolean {
  const type = checker.getNonNullableType(checker.getTypeAtLocation(receiver));
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => part.getSymbol()?.getName() === 'Date');
}

/**
 * Every place in the given files (root-relative path → text) that formats a date itself. The texts are served to
 * one TypeScript program, so a `toLocaleString` is told apart by its receiver's type: a Date's is refused, a
 * number's is not.
 */
function dateTextOutsideKit(texts: Map<string, string>): Finding[] {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const options = { ...config?.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const served = new Map([...texts].map(([file, text]) => [join(root, file).replaceAll('\\', '/'), text]));
  const { fileExists, readFile } = host;
  host.fileExists = (name) => served.has(name) || fileExists(name);
  host.readFile = (name) => served.get(name) ?? readFile(name);
  // Only files that call toLocaleString need types: the program is built from those alone, the rest are only parsed.
  const typed = [...served].filter(([, text]) => text.includes('toLocaleString')).map(([file]) => file);
  const program = ts.createProgram(typed, options, host);
  const checker = program.getTypeChecker();

  const found: Finding[] = [];
  for (const [file, text] of texts) {
    const path = join(root, file).replaceAll('\\', '/');
    const source =
      program.getSourceFile(path) ??
      ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const at = (node: ts.Node, what: string) =>
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
    const visit = (node: ts.Node): void => {
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && isIntlDateTimeFormat(node.expression)) {
        if (!onlyResolvesOptions(node)) at(node, 'Intl.DateTimeFormat(…)');
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        if (method === 'toLocaleDateString' || method === 'toLocaleTimeString') at(node, `${method}(…)`);
        else if (method === 'toLocaleString' && isDate(checker, node.expression.expression))
          at(node, 'toLocaleString(…) on a date');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

let appFindings: Finding[];
let sampleFindings: Finding[];

const samples = new Map([
  [
    'src/lint-sample/refused.ts',
    "declare const at: string;\nexport const a = new Date(at).toLocaleString(undefined, { weekday: 'short' });\nexport const b = new Date(at).toLocaleDateString('en-GB');\nexport const c = new Date(at).toLocaleTimeString();\nexport const d = new Intl.DateTimeFormat('en-GB').format(new Date(at));\nexport const e = Intl.DateTimeFormat('en-US').format(Date.now());\ndeclare const maybe: Date | undefined;\nexport const f = maybe?.toLocaleString();\n",
  ],
  [
    'src/lint-sample/allowed.ts',
    "declare const count: number;\nexport const a = count.toLocaleString('en-GB');\nexport const b = (1234).toLocaleString();\nexport const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;\n// new Intl.DateTimeFormat('en-US') in a comment\nexport const c = 'toLocaleDateString() in a sentence';\n",
  ],
]);

beforeAll(() => {
  const appFiles = sourceFiles('src').filter((file) => !file.startsWith(formatterFolder) && !notText.has(file));
  const texts = new Map(appFiles.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
  const all = dateTextOutsideKit(new Map([...texts, ...samples]));
  appFindings = all.filter((finding) => !samples.has(finding.file));
  sampleFindings = all.filter((finding) => samples.has(finding.file));
}, 60_000);

describe('date text', () => {
  it('comes from the kit’s formatter everywhere in the app', () => {
    expect(appFindings).toEqual([]);
  });

  it('is refused to code that formats a date itself', () => {
    expect(sampleFindings.filter((finding) => finding.file.endsWith('refused.ts')).map((finding) => finding.what)).toEqual([
      'toLocaleString(…) on a date',
      'toLocaleDateString(…)',
      'toLocaleTimeString(…)',
      'Intl.DateTimeFormat(…)',
      'Intl.DateTimeFormat(…)',
      'toLocaleString(…) on a date',
    ]);
  });

  it('lets numbers, the device’s zone and words about formatting through', () => {
    expect(sampleFindings.filter((finding) => finding.file.endsWith('allowed.ts'))).toEqual([]);
  });
});
