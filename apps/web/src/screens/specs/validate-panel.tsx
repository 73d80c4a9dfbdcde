import { useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '../../components/status';
import { useSession } from '../../lib/session';
import { selectLine } from '../../lib/text-range';
import { CheckProgress } from './check-progress';
import { ADAPTER_BODY_LIMIT } from './spec-check-protocol';
import { SpecEditor } from './spec-editor';
import { formatBytes, type LoadedFile } from './spec-file';
import {
  CheckCancelled,
  type CheckedWhere,
  type RunningCheck,
  startCheck,
  whereToCheck,
} from './spec-runner';
import type { Diagnostic, ValidationResult } from './spec-types';

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Lists longer than this show their first entries and a button for the rest. */
const SHOWN_AT_FIRST = 100;

function DiagnosticList({
  title,
  items,
  onJump,
}: {
  title: string;
  items: Diagnostic[];
  onJump: ((item: Diagnostic) => void) | undefined;
}) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, SHOWN_AT_FIRST);
  return (
    <>
      <h3>{title}</h3>
      <ul class="diagnostics">
        {shown.map((item, index) => (
          <li key={`${item.code}-${index}`}>
            {item.line !== undefined && onJump ? (
              <button type="button" class="link-button" onClick={() => onJump(item)}>
                Line {item.line}
                {item.column !== undefined ? `, column ${item.column}` : ''}
              </button>
            ) : item.line !== undefined ? (
              <span class="muted">Line {item.line}</span>
            ) : (
              <span class="muted">{item.path || '(document)'}</span>
            )}{' '}
            {item.message} <code class="muted">{item.code}</code>
            {item.excerpt !== undefined && !onJump ? (
              <pre class="diagnostic-excerpt">{item.excerpt}</pre>
            ) : null}
          </li>
        ))}
      </ul>
      {shown.length < items.length ? (
        <button type="button" onClick={() => setAll(true)}>
          Show all {items.length} {title.toLowerCase()}
        </button>
      ) : null}
    </>
  );
}

interface Outcome {
  result: ValidationResult;
  where: CheckedWhere;
  note: string | undefined;
  /** The editor held the checked text, so lines can be jumped to. */
  fromEditor: boolean;
  /** What was checked, in words: a file's name, or the editor's text. */
  subject: string;
  /** Counts checks, so each result's lists start folded again. */
  serial: number;
}

/** Validate one spec, typed or loaded from a file, in a Web Worker (docs/console.md, Specs). */
export function ValidatePanel() {
  const { user } = useSession();
  const editor = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<LoadedFile>();
  const [running, setRunning] = useState<{ check: RunningCheck; label: string }>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [error, setError] = useState<unknown>();
  const [cancelled, setCancelled] = useState(false);
  const where = whereToCheck(user);
  const ready = file !== undefined || text.trim() !== '';
  const check = async (event: Event) => {
    event.preventDefault();
    if (!ready || running) return;
    setError(undefined);
    setCancelled(false);
    const spec = file ? ({ kind: 'file', file: file.file } as const) : ({ kind: 'text', text } as const);
    const label = file ? `Validating ${file.file.name} (${formatBytes(file.file.size)})` : 'Validating';
    const started = startCheck({ kind: 'validate', where, spec });
    setRunning({ check: started, label });
    try {
      const answer = await started.answer;
      if (answer.kind === 'validate')
        setOutcome({
          result: answer.result,
          where: answer.where,
          note: answer.note,
          fromEditor: !file,
          subject: file ? file.file.name : 'the editor’s text',
          serial: (outcome?.serial ?? 0) + 1,
        });
    } catch (caught) {
      if (caught instanceof CheckCancelled) setCancelled(true);
      else setError(caught);
    } finally {
      setRunning(undefined);
    }
  };
  const result = outcome?.result;
  const jump = outcome?.fromEditor
    ? (item: Diagnostic) => selectLine(editor.current, item.line, item.column)
    : undefined;
  return (
    <form
      class="panel"
      onSubmit={check}
      aria-labelledby="validate-heading"
      aria-busy={running ? 'true' : 'false'}
    >
      <h2 id="validate-heading">Validate a spec</h2>
      <div class="columns">
        <div>
          <SpecEditor
            id="spec-text"
            label="Spec"
            text={text}
            onText={setText}
            file={file}
            onFile={setFile}
            editor={editor}
          />
          <div class="actions">
            <button type="submit" disabled={!ready || running !== undefined}>
              Validate
            </button>
            <span class="muted">
              {where === 'browser'
                ? 'Checked in your browser.'
                : file && file.file.size > ADAPTER_BODY_LIMIT
                  ? 'Over the server’s 4 MB limit: checked in your browser.'
                  : 'Checked by the server (spec adapter).'}
            </span>
          </div>
          <ErrorMessage error={error} />
        </div>
        <div aria-live="polite" class="spec-results">
          {running ? (
            <CheckProgress label={running.label} onCancel={() => running.check.cancel()} />
          ) : cancelled ? (
            <p class="muted">Validation cancelled.</p>
          ) : null}
          {result && !running ? (
            <>
              <p class={`validate-summary ${result.valid ? 'notice' : 'error'}`}>
                {result.valid ? 'Valid' : 'Not valid'} (
                {result.version ? `version ${result.version}` : 'unknown version'}):{' '}
                {countOf(result.counts.errors, 'error')}, {countOf(result.counts.warnings, 'warning')},{' '}
                {countOf(result.counts.paths, 'path')}, {countOf(result.counts.operations, 'operation')}.
              </p>
              <p class="muted check-subject">
                Checked {outcome?.subject} {outcome?.where === 'server' ? 'on the server' : 'in your browser'}
                .{outcome?.note ? ` ${outcome.note}` : ''}
              </p>
              <DiagnosticList
                key={`e${outcome?.serial}`}
                title="Errors"
                items={result.errors}
                onJump={jump}
              />
              <DiagnosticList
                key={`w${outcome?.serial}`}
                title="Warnings"
                items={result.warnings}
                onJump={jump}
              />
            </>
          ) : null}
          {!result && !running && !cancelled ? (
            <p class="muted">Problems appear here, each with its line.</p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
