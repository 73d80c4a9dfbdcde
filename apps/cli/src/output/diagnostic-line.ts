import type { Diagnostic } from '@svc/spec-toolkit';
import type { Style } from './color.js';

/**
 * One problem as `file:line:col  CODE  message` (the diagnostic's own `file` when it has one,
 * as in a multi-file spec, else `label`); the position parts are left out when unknown
 * (then the JSON pointer follows the message), warnings carry a `warning` mark.
 *
 * @example
 * formatDiagnostic('api.yaml', { code: 'SPEC_X', message: 'Bad.', path: '/info', line: 2, column: 1 }, 'error', style);
 * // 'api.yaml:2:1  SPEC_X  Bad.'
 */
export function formatDiagnostic(
  label: string,
  diagnostic: Diagnostic,
  severity: 'error' | 'warning',
  style: Style,
): string {
  let place = diagnostic.file ?? label;
  if (diagnostic.line !== undefined) {
    place += `:${diagnostic.line}`;
    if (diagnostic.column !== undefined) place += `:${diagnostic.column}`;
  }
  const code = severity === 'error' ? style.red(diagnostic.code) : style.yellow(diagnostic.code);
  const mark = severity === 'warning' ? `${style.yellow('warning')}  ` : '';
  const pointer = diagnostic.line === undefined ? `  ${style.dim(`at #${diagnostic.path}`)}` : '';
  return `${style.dim(place)}  ${mark}${code}  ${diagnostic.message}${pointer}`;
}
