import { useRef, useState } from 'preact/hooks';
import { ErrorMessage } from '../../components/status';
import { useSession } from '../../lib/session';
import { selectLine } from '../../lib/text-range';
import { SpecEditor } from './spec-editor';
import {
  type Diagnostic,
  type DiffResult,
  diffSpecs,
  orderChanges,
  type ValidationResult,
  validateSpec,
  whereToCheck,
} from './spec-runner';

function jumpTo(editor: HTMLTextAreaElement | null, diagnostic: Diagnostic) {
  selectLine(editor, diagnostic.line, diagnostic.column);
}

function DiagnosticList({
  title,
  items,
  onJump,
}: {
  title: string;
  items: Diagnostic[];
  onJump(item: Diagnostic): void;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul class="diagnostics">
        {items.map((item, index) => (
          <li key={`${item.code}-${index}`}>
            {item.line !== undefined ? (
              <button type="button" class="link-button" onClick={() => onJump(item)}>
                Line {item.line}
                {item.column !== undefined ? `, column ${item.column}` : ''}
              </button>
            ) : (
              <span class="muted">{item.path || '(document)'}</span>
            )}{' '}
            {item.message} <code class="muted">{item.code}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

function ValidatePanel() {
  const { user } = useSession();
  const editor = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [result, setResult] = useState<ValidationResult>();
  const [error, setError] = useState<unknown>();
  const where = whereToCheck(user);
  const check = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      setResult(await validateSpec(text, where));
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form class="panel" onSubmit={check} aria-labelledby="validate-heading">
      <h2 id="validate-heading">Validate a spec</h2>
      <div class="columns">
        <div>
          <SpecEditor id="spec-text" label="Spec" value={text} onValue={setText} editor={editor} />
          <div class="actions">
            <button type="submit" disabled={text.trim() === ''}>
              Validate
            </button>
            <span class="muted">
              {where === 'server' ? 'Checked by the server (spec adapter).' : 'Checked in your browser.'}
            </span>
          </div>
          <ErrorMessage error={error} />
        </div>
        <div aria-live="polite">
          {result ? (
            <>
              <p class={result.valid ? 'notice' : 'error'}>
                {result.valid ? 'Valid' : 'Not valid'} (
                {result.version ? `version ${result.version}` : 'unknown version'}): {result.counts.errors}{' '}
                errors, {result.counts.warnings} warnings, {result.counts.paths} paths,{' '}
                {result.counts.operations} operations.
              </p>
              <DiagnosticList
                title="Errors"
                items={result.errors}
                onJump={(item) => jumpTo(editor.current, item)}
              />
              <DiagnosticList
                title="Warnings"
                items={result.warnings}
                onJump={(item) => jumpTo(editor.current, item)}
              />
            </>
          ) : (
            <p class="muted">Problems appear here, each with a link to its line.</p>
          )}
        </div>
      </div>
    </form>
  );
}

function DiffPanel() {
  const { user } = useSession();
  const [oldText, setOldText] = useState('');
  const [newText, setNewText] = useState('');
  const [result, setResult] = useState<DiffResult>();
  const [error, setError] = useState<unknown>();
  const where = whereToCheck(user);
  const compare = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      setResult(await diffSpecs(oldText, newText, where));
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form class="panel" onSubmit={compare} aria-labelledby="diff-heading">
      <h2 id="diff-heading">Compare two versions</h2>
      <div class="columns">
        <SpecEditor id="spec-old" label="Old version" value={oldText} onValue={setOldText} />
        <SpecEditor id="spec-new" label="New version" value={newText} onValue={setNewText} />
      </div>
      <div class="actions">
        <button type="submit" disabled={oldText.trim() === '' || newText.trim() === ''}>
          Compare
        </button>
      </div>
      <ErrorMessage error={error} />
      {result ? (
        <div aria-live="polite">
          <p class={result.summary.breaking > 0 ? 'error' : 'notice'}>{result.summary.text}</p>
          {result.errors.length > 0 ? (
            <ul class="diagnostics">
              {result.errors.map((item, index) => (
                <li key={`e-${index}`} class="error">
                  {item.message} <code>{item.code}</code>
                </li>
              ))}
            </ul>
          ) : null}
          <ul class="diagnostics changes">
            {orderChanges(result.changes).map((change, index) => (
              <li key={`${change.id}-${index}`} class={change.level === 'error' ? 'change-error' : ''}>
                <span class="badge">{change.level === 'error' ? 'breaking' : change.level}</span>{' '}
                {change.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}

/** Specs: validate one spec (errors by line, click to jump) and diff two (breaking changes first). */
export function SpecsScreen() {
  return (
    <section>
      <h1 tabIndex={-1}>API specs</h1>
      <ValidatePanel />
      <DiffPanel />
    </section>
  );
}
