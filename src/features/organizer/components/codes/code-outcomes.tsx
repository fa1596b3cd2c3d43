import { buttonClass } from '#components/button.ts';
import { formatCount } from '#contract/count-text.ts';
import { copyWithToast } from '#lib/clipboard.ts';
import { saveTextFile } from '#lib/save-text-file.ts';
import type { DiscountCodeImport } from '../../api/import-discount-codes.ts';
import { codesCsv } from '../../utils/discount-code-text.ts';

const panelClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-emerald-200 sm:p-6';

/** Made-up codes to hand out: every one in a box that scrolls, to copy or save as a CSV file. */
export function GeneratedCodes({ codes, fileName, onClose }: { codes: readonly string[]; fileName: string; onClose(): void }) {
  const count = formatCount(codes.length);
  return (
    <section aria-labelledby="generated-title" className={panelClass}>
      <h2 id="generated-title" className="font-bold text-lg text-slate-900">
        {codes.length === 1 ? '1 code made' : `${count} codes made`}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Copy them or save them as a file now to hand them out. They are in the list below too.
      </p>
      <label htmlFor="generated-codes" className="sr-only">
        The codes made
      </label>
      <textarea
        id="generated-codes"
        readOnly
        rows={Math.min(8, Math.max(3, codes.length))}
        value={codes.join('\n')}
        className="mt-4 block w-full resize-y rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-slate-900 text-sm"
      />
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button
          type="button"
          className={`${buttonClass('primary')} w-full sm:w-auto`}
          onClick={() => void copyWithToast(codes.join('\n'), codes.length === 1 ? 'Code copied.' : `${count} codes copied.`)}
        >
          Copy codes
        </button>
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
          onClick={() => saveTextFile(codesCsv(codes), fileName)}
        >
          Download as CSV
        </button>
        <button type="button" className={`${buttonClass('secondary')} w-full sm:ml-auto sm:w-auto`} onClick={onClose}>
          Done
        </button>
      </div>
    </section>
  );
}

/** What a file gave: how many codes it made, and each line it did not make one of, with why. */
export function ImportedCodes({ fileName, result, onClose }: { fileName: string; result: DiscountCodeImport; onClose(): void }) {
  const created = result.created === 1 ? '1 code' : `${formatCount(result.created)} codes`;
  return (
    <section aria-labelledby="imported-title" className={panelClass}>
      <h2 id="imported-title" className="font-bold text-lg text-slate-900">
        {created} imported
      </h2>
      <p className="mt-1 break-words text-slate-600 text-sm">
        {fileName ? `From ${fileName}. ` : ''}
        {result.skipped.length === 0
          ? 'Every line made a code.'
          : `${result.skipped.length === 1 ? '1 line' : `${result.skipped.length} lines`} made no code:`}
      </p>
      {result.skipped.length ? (
        <ul className="mt-3 max-h-72 divide-y divide-slate-200 overflow-y-auto rounded-xl bg-slate-50 ring-1 ring-slate-200">
          {result.skipped.map((line) => (
            <li key={`${line.line}:${line.code}`} className="px-3 py-2 text-sm">
              <span className="font-semibold text-slate-900">Line {line.line}</span>
              {line.code ? <span className="break-all font-mono text-slate-700"> {line.code}</span> : null}
              <span className="block text-slate-700">{line.reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex justify-end">
        <button type="button" className={`${buttonClass('secondary')} w-full sm:w-auto`} onClick={onClose}>
          Done
        </button>
      </div>
    </section>
  );
}
