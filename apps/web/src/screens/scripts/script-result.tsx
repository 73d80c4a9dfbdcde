import { formatSourceExcerpt } from '@svc/lmx-interpreters/diagnostics';
import type { ScriptDiagnostic, ScriptResult } from './script-api';

/** A host action of the trace (`{ action, target, ok, outcome }`) in words; anything else as JSON. */
function TraceStep({ step }: { step: unknown }) {
  if (typeof step === 'object' && step !== null && 'action' in step) {
    const { action, target, ok, outcome } = step as Record<string, unknown>;
    return (
      <>
        <strong>{String(action)}</strong> <code>{String(target ?? '')}</code>{' '}
        <span class={ok === false ? 'change-error' : 'muted'}>
          → {String(outcome ?? (ok ? 'ok' : 'failed'))}
        </span>
      </>
    );
  }
  return <code>{JSON.stringify(step)}</code>;
}

function Diagnostics({
  diagnostics,
  source,
  onJump,
}: {
  diagnostics: ScriptDiagnostic[];
  source: string | undefined;
  onJump(line: number, column: number): void;
}) {
  return (
    <ul class="diagnostics" aria-label="Diagnostics">
      {diagnostics.map((item, index) => (
        <li key={`${item.code}-${item.line}-${item.column}-${index}`}>
          <button type="button" class="link-button" onClick={() => onJump(item.line, item.column)}>
            Line {item.line}, column {item.column}
          </button>{' '}
          <span class="change-error">{item.message}</span> <code class="muted">{item.code}</code>
          {source === undefined ? null : <SourceExcerpt source={source} diagnostic={item} />}
        </li>
      ))}
    </ul>
  );
}

/** The diagnostic's source line with a caret under its span, as the CLI prints it. */
function SourceExcerpt({ source, diagnostic }: { source: string; diagnostic: ScriptDiagnostic }) {
  const lines = formatSourceExcerpt(source, diagnostic);
  if (lines.length === 0) return null;
  return (
    <pre class="diagnostic-excerpt" data-testid="diagnostic-excerpt">
      {lines.join('\n')}
    </pre>
  );
}

/**
 * A run's result: whether it succeeded, its diagnostics (each a button selecting its line in the
 * editor), what it printed, its value, the host actions of its trace and its model usage.
 */
export function ScriptResultView({
  result,
  source,
  onJump,
}: {
  result: ScriptResult;
  /** The source that ran, for the caret excerpts under the diagnostics. */
  source?: string;
  onJump(line: number, column: number): void;
}) {
  return (
    <div>
      <p class={result.ok ? 'notice' : 'error'}>
        {result.ok ? 'Ran' : 'Failed'} in {result.mode} ({Math.round(result.durationMs)} ms).
      </p>
      {result.diagnostics.length > 0 ? (
        <Diagnostics diagnostics={result.diagnostics} source={source} onJump={onJump} />
      ) : null}
      <h3>Output</h3>
      <pre class="script-output" data-testid="script-output">
        {result.output.join('\n')}
      </pre>
      {result.value !== undefined ? (
        <>
          <h3>Value</h3>
          <pre class="script-output" data-testid="script-value">
            {JSON.stringify(result.value, null, 2)}
          </pre>
        </>
      ) : null}
      {result.trace && result.trace.length > 0 ? (
        <>
          <h3>Trace</h3>
          <ol class="script-trace" aria-label="Trace">
            {result.trace.map((step, index) => (
              // The trace is append-only: its position is its identity.
              <li key={index}>
                <TraceStep step={step} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {result.usage ? (
        <p class="muted">
          Model usage: {result.usage.tokens} tokens{result.usage.stub ? ' (stub model)' : ''}.
        </p>
      ) : null}
    </div>
  );
}
