import { type Diagnostic, describeLanguages, LANGUAGE_CATALOGUE } from '@svc/lmx-interpreters';
import { formatSourceExcerpt } from '@svc/lmx-interpreters/diagnostics';
import type { Style } from '../../output/color.js';
import type { CommandContext } from '../command.js';
import { failUsage } from '../command.js';

/**
 * The mode to use: `--mode`, else the file's extension when it is a mode id (`fib.lmx`).
 * Reports a usage error (and gives undefined) when there is none, it is unknown, or it
 * needs a bridge the CLI does not have.
 *
 * @example
 * const mode = pickMode(args.values.mode, 'fib.lmx', context); // 'lmx'
 */
export function pickMode(
  option: unknown,
  file: string | undefined,
  context: CommandContext,
): string | undefined {
  const fromFile = file ? /\.([a-z]+)$/.exec(file)?.[1] : undefined;
  const mode =
    typeof option === 'string'
      ? option
      : LANGUAGE_CATALOGUE.some((entry) => entry.id === fromFile)
        ? fromFile
        : undefined;
  if (!mode) {
    failUsage(context, 'missing --mode <id> (or a file ending in .<id>, such as fib.lmx)');
    return undefined;
  }
  const entry = describeLanguages().find((item) => item.id === mode);
  if (!entry) {
    failUsage(
      context,
      `unknown mode '${mode}'. Modes: ${LANGUAGE_CATALOGUE.map((item) => item.id).join(', ')}`,
    );
    return undefined;
  }
  const bridge = mode === 'lmx' ? undefined : entry.bridges[0];
  if (bridge) {
    failUsage(
      context,
      `${mode} needs the "${bridge}" bridge, which the command line does not have; run it on a server (POST /api/lmx/run)`,
    );
    return undefined;
  }
  if (!entry.available) {
    failUsage(context, entry.reason ?? `${mode} is not available`);
    return undefined;
  }
  return mode;
}

/**
 * One diagnostic as `file:line:col  CODE  message`, the form `svc spec` prints, followed (when
 * the source is given and holds the line) by the source line and a caret under the span:
 *
 * ```text
 * a.lmx:2:1  E_PARSE  unknown statement "fro" (did you mean "for"?)
 *   2 | fro x in xs
 *     | ^^^
 * ```
 *
 * @example
 * formatScriptDiagnostic('a.lmx', { code: 'E_PARSE', message: 'expected …', line: 1, column: 5 }, style, source);
 */
export function formatScriptDiagnostic(
  label: string,
  diagnostic: Diagnostic,
  style: Style,
  source?: string,
): string {
  const heading = `${style.dim(`${label}:${diagnostic.line}:${diagnostic.column}`)}  ${style.red(diagnostic.code)}  ${diagnostic.message}`;
  if (source === undefined) return heading;
  const lines = formatSourceExcerpt(source, diagnostic);
  // The last line is the caret line: its carets in red, every gutter dim.
  const excerpt = lines.map((line, index) => {
    const cut = line.indexOf('| ') + 2;
    const rest = line.slice(cut);
    return `${style.dim(line.slice(0, cut))}${index === lines.length - 1 ? style.red(rest) : rest}`;
  });
  return [heading, ...excerpt].join('\n');
}
