import { useId, useMemo, useState } from 'react';
import type { ImportFile } from '@/lib/import-file';
import { type ColumnMapping, cellsOf, matchHeadings, templateCsv } from '@/lib/import-mapping';
import { checkRow, hasControlCharacter, IMPORT_CHUNK_ROWS, type ImportField } from '@/lib/schemas/shipment/import-row';
import { ApiError } from '../../api/client';
import { sendImportChunk } from '../../api/imports';
import { buttonClass, ErrorAlert, inputClass, secondaryButtonClass } from '../../components/Field';
import { ColumnMappingFields } from './ColumnMappingFields';
import { ImportHistory } from './ImportHistory';
import { ImportPreview, type PreviewRow } from './ImportPreview';

/**
 * Import shipments from a file (office staff): choose a CSV or XLSX file, check which field each column fills,
 * look over every row with its errors, untick what should not be imported, and import. Rows go to the server
 * 500 at a time, where each is checked again; rows with errors are sent too, so the import's history keeps
 * them as failed rows to download, fix and send again.
 */

interface Chosen extends ImportFile {
  name: string;
  /** Names the import: every chunk of this file (and a chunk sent again) joins one entry of the history. */
  key: string;
}

interface Outcome {
  importId: number;
  created: number;
  skipped: number;
  failed: number;
}

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;
// Every field allows far fewer characters, so a longer cell fails its row either way; cut, it still fits a call.
const sentCell = (value: string | undefined) => value?.slice(0, 5000);

export default function ImportScreen() {
  const fileId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);

  const rows: PreviewRow[] = useMemo(
    () =>
      (chosen?.rows ?? []).map(({ line, values }) => {
        const cells = cellsOf(values, mapping);
        const checked = checkRow(cells);
        return { line, values, cells, errors: checked.ok ? null : checked.errors };
      }),
    [chosen, mapping],
  );
  const bad = rows.filter((row) => row.errors).length;
  // The server refuses a call with a control character anywhere: such rows stay here, to be fixed in the file.
  const unsendable = rows.filter((row) => hasControlCharacter(row.cells)).length;
  const confirmed = rows.filter((row) => !row.errors && !excluded.has(row.line)).length;

  async function choose(file: File | undefined) {
    setChosen(null);
    setProblem(null);
    setOutcome(null);
    setProgress(null);
    setExcluded(new Set());
    if (!file) return;
    setReading(true);
    try {
      // The parsers load only here, when a file is chosen.
      const { readImportFile } = await import('@/lib/import-file');
      const read = await readImportFile(file);
      setChosen({ ...read, name: file.name, key: crypto.randomUUID() });
      setMapping(matchHeadings(read.headings));
    } catch (error) {
      setProblem(
        error instanceof Error && error.name === 'ImportFileError' ? error.message : 'The file could not be read.',
      );
    } finally {
      setReading(false);
    }
  }

  function map(column: number, field: ImportField | null) {
    // A field fills one column: choosing it here frees it elsewhere.
    setMapping((current) => current.map((each, index) => (index === column ? field : each === field ? null : each)));
  }

  async function importRows() {
    if (!chosen) return;
    const sent = rows.filter((row) => (row.errors || !excluded.has(row.line)) && !hasControlCharacter(row.cells));
    const total: Outcome = { importId: 0, created: 0, skipped: 0, failed: 0 };
    setSending(true);
    setOutcome(null);
    setProblem(null);
    try {
      for (let start = 0, chunk = 0; start < sent.length; start += IMPORT_CHUNK_ROWS, chunk++) {
        setProgress(
          `Importing rows ${start + 1} to ${Math.min(start + IMPORT_CHUNK_ROWS, sent.length)} of ${sent.length}…`,
        );
        const answer = await sendImportChunk({
          key: chosen.key,
          file_name: chosen.name,
          chunk,
          rows: sent.slice(start, start + IMPORT_CHUNK_ROWS).map(({ line, cells }) => ({
            line,
            cells: Object.fromEntries(Object.entries(cells).map(([field, value]) => [field, sentCell(value)])),
          })),
        });
        total.importId = answer.data.import_id;
        total.created += answer.data.created;
        total.skipped += answer.data.skipped;
        total.failed += answer.data.failed.length;
      }
      setOutcome(total);
      setProgress(null);
    } catch (error) {
      setProgress(null);
      setProblem(
        `${error instanceof ApiError ? error.message : 'The import stopped.'} The rows sent before were imported; import again to send the rest (rows already imported are not imported twice).`,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="import-title" className="flex flex-col gap-6">
      <div>
        <a href="/admin/shipments" className="text-sm font-semibold text-brand-700 underline">
          Back to shipments
        </a>
        <h1 id="import-title" className="mt-2 text-2xl font-bold text-slate-900">
          Import shipments
        </h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          A CSV (UTF-8) or XLSX file of up to 10,000 rows and 10 MB, its first row the column headings. Each row needs
          its customer's own reference: a reference already imported for that customer is not imported again.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-4 rounded-md bg-white p-4 shadow-sm">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            File to import
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className={inputClass}
            disabled={sending}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              // Emptied, so choosing the same file again (to import it again) is a change too.
              event.target.value = '';
            }}
          />
        </div>
        <a
          href={TEMPLATE_HREF}
          download="shipments-import-template.csv"
          target="_self"
          className={secondaryButtonClass}
        >
          Download the template (CSV)
        </a>
      </div>

      <div aria-live="polite">
        {reading ? <p role="status">Reading the file…</p> : null}
        {progress ? <p role="status">{progress}</p> : null}
        {outcome ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            Import finished: {outcome.created} created, {outcome.skipped} already imported, {outcome.failed} failed.
            {outcome.failed ? (
              <>
                {' '}
                <a
                  href={`/api/imports/${outcome.importId}/failed`}
                  download
                  target="_self"
                  className="font-semibold underline"
                >
                  Download the failed rows
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}

      {chosen ? (
        <>
          <p className="font-semibold text-slate-900">
            File: <span className="break-all">{chosen.name}</span>
          </p>
          <ColumnMappingFields headings={chosen.headings} mapping={mapping} onMap={map} disabled={sending} />
          <ImportPreview
            headings={chosen.headings}
            mapping={mapping}
            rows={rows}
            excluded={excluded}
            onExclude={setExcluded}
            disabled={sending}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass}
              disabled={sending || confirmed === 0}
              onClick={() => void importRows()}
            >
              Import {confirmed} {confirmed === 1 ? 'row' : 'rows'}
            </button>
            {bad ? (
              <p className="text-sm text-slate-700">
                The {bad === 1 ? 'row' : `${bad} rows`} with errors will be listed as failed, to download, fix and
                import again
                {unsendable
                  ? ` (but ${unsendable === 1 ? 'the one' : `the ${unsendable}`} with control characters, which cannot be sent: fix ${unsendable === 1 ? 'it' : 'them'} in the file)`
                  : ''}
                .
              </p>
            ) : null}
          </div>
        </>
      ) : null}

      <ImportHistory />
    </section>
  );
}
