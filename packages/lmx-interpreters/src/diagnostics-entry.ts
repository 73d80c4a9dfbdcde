// `@svc/lmx-interpreters/diagnostics`: what a host needs to show script problems (the CLI, the
// console), without the interpreters themselves.
export { didYouMean, suggestName } from './core/suggest-name.js';
export type { Diagnostic, ScriptError, ScriptErrorCode, Span } from './diagnostics.js';
export { createDiagnostic, LIMIT_CODES } from './diagnostics.js';
export type { FormatDiagnosticOptions } from './diagnostics-format/source-excerpt.js';
export { formatDiagnostic, formatSourceExcerpt } from './diagnostics-format/source-excerpt.js';
