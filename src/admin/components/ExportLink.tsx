import { type Endpoint, pathFor } from '@/lib/api/contract';
import { useMay } from '../access';
import { secondaryButtonClass } from './Field';

/**
 * "Export CSV" of what a list's filters match: a link to the export call with the filters in its query,
 * shown only to roles the call allows. A named download with target="_self", so the router leaves the
 * link to the browser, which saves the streamed file.
 */
export function ExportLink({
  endpoint,
  filters,
  file,
  what,
}: {
  endpoint: Endpoint;
  filters: Record<string, string | undefined>;
  file: string;
  what: string;
}) {
  const may = useMay();
  if (!may(endpoint)) return null;
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return (
    <a
      href={`${pathFor(endpoint)}${search ? `?${search}` : ''}`}
      download={file}
      target="_self"
      className={secondaryButtonClass}
    >
      Export CSV<span className="sr-only"> of the {what} these filters match</span>
    </a>
  );
}
