import { FILE_PLACEHOLDER } from './sample-scalar.js';
import { quoteShellWord, type ShellWord } from './shell-quote.js';

/** Everything a curl command line needs, with credentials kept as shell variables. */
export interface CurlParts {
  method: string;
  url: ShellWord;
  headers: readonly [string, ShellWord][];
  /** A `--data-raw` body, or multipart fields sent with `-F` / `--form-string`. */
  body?: { kind: 'raw'; text: string } | { kind: 'multipart'; fields: readonly [string, string][] };
  /** One argument per line, joined with ` \` (default), or all on one line. */
  multiline?: boolean;
}

/**
 * Renders a curl command that a POSIX shell runs as is. `HEAD` uses `--head` because `-X HEAD`
 * makes curl wait for a body; URLs with brackets or braces get `--globoff` so curl does not glob them.
 *
 * @example
 * ```ts
 * renderCurl({ method: 'GET', url: ['http://localhost/pets'], headers: [['Accept', ['application/json']]] });
 * // curl -X GET 'http://localhost/pets' \
 * //   -H 'Accept: application/json'
 * ```
 */
export function renderCurl(parts: CurlParts): string {
  const url = quoteShellWord(parts.url);
  const first = parts.method === 'HEAD' ? `curl --head ${url}` : `curl -X ${parts.method} ${url}`;
  const args: string[] = [];
  if (/[[\]{}]/.test(parts.url.map((p) => (typeof p === 'string' ? p : '')).join(''))) args.push('--globoff');
  for (const [name, value] of parts.headers) args.push(`-H ${quoteShellWord([`${name}: `, ...value])}`);
  if (parts.body?.kind === 'raw') args.push(`--data-raw ${quoteShellWord(parts.body.text)}`);
  if (parts.body?.kind === 'multipart') {
    for (const [name, value] of parts.body.fields) {
      if (value === FILE_PLACEHOLDER) args.push(`-F ${quoteShellWord(`${name}=@${name}.bin`)}`);
      else args.push(`--form-string ${quoteShellWord(`${name}=${value}`)}`);
    }
  }
  const separator = parts.multiline === false ? ' ' : ' \\\n  ';
  return [first, ...args].join(separator);
}
