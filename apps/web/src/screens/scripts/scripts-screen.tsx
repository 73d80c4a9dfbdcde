import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { selectLine } from '../../lib/text-range';
import { useLoad } from '../../lib/use-load';
import {
  type Demo,
  type Interpreter,
  isEngineMissing,
  readDemos,
  readInterpreters,
  readRefusal,
  readRunResult,
  type ScriptResult,
} from './script-api';

async function loadCatalogue(): Promise<{ interpreters: Interpreter[]; demos: Demo[] }> {
  const [interpreters, demos] = await Promise.all([
    requestJson<unknown>('/api/lmx/interpreters'),
    requestJson<unknown>('/api/lmx/demos'),
  ]);
  return { interpreters: readInterpreters(interpreters), demos: readDemos(demos) };
}

function ResultView({
  result,
  onJump,
}: {
  result: ScriptResult;
  onJump(line?: number, column?: number): void;
}) {
  return (
    <div aria-live="polite">
      <p class={result.ok ? 'notice' : 'error'}>
        {result.ok ? 'Ran' : 'Failed'} in {result.mode}
        {result.durationMs !== undefined ? ` (${result.durationMs} ms)` : ''}.
      </p>
      {result.diagnostics.length > 0 ? (
        <ul class="diagnostics" aria-label="Diagnostics">
          {result.diagnostics.map((item, index) => (
            <li key={`${item.code}-${index}`}>
              {item.line !== undefined ? (
                <button type="button" class="link-button" onClick={() => onJump(item.line, item.column)}>
                  Line {item.line}
                  {item.column !== undefined ? `, column ${item.column}` : ''}
                </button>
              ) : null}{' '}
              {item.message} <code class="muted">{item.code}</code>
            </li>
          ))}
        </ul>
      ) : result.error ? (
        <p class="error">
          {result.error.message} <code>{result.error.code}</code>
        </p>
      ) : null}
      <h3>Output</h3>
      <pre class="script-output" data-testid="script-output">
        {result.output.join('\n')}
      </pre>
      {'value' in result && result.value !== undefined ? (
        <>
          <h3>Value</h3>
          <pre class="script-output">{JSON.stringify(result.value, null, 2)}</pre>
        </>
      ) : null}
      {result.trace !== undefined ? (
        <details>
          <summary>Trace</summary>
          <pre class="script-output">{JSON.stringify(result.trace, null, 2)}</pre>
        </details>
      ) : null}
      {result.usage !== undefined ? (
        <details>
          <summary>Usage</summary>
          <pre class="script-output">{JSON.stringify(result.usage, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Scripts: a playground per interpreter with the bundled demos, diagnostics at their line and
 * column, output and trace. Built against issue 12's routes, which arrive from another branch;
 * on a server without them the screen says so.
 */
export function ScriptsScreen() {
  const catalogue = useLoad(loadCatalogue, []);
  const [mode, setMode] = useState('lmx');
  const [source, setSource] = useState('');
  const [input, setInput] = useState('');
  const [result, setResult] = useState<ScriptResult>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const demos = useMemo(
    () => (catalogue.data?.demos ?? []).filter((demo) => demo.mode === mode),
    [catalogue.data, mode],
  );
  const current = catalogue.data?.interpreters.find((entry) => entry.mode === mode);

  useEffect(() => {
    const first = catalogue.data?.interpreters.find((entry) => entry.available);
    if (first && !catalogue.data?.interpreters.some((entry) => entry.mode === mode)) setMode(first.mode);
  }, [catalogue.data, mode]);

  const loadDemo = (name: string) => {
    const demo = demos.find((candidate) => candidate.name === name);
    if (!demo) return;
    setSource(demo.source);
    setInput(demo.input === undefined ? '' : JSON.stringify(demo.input, null, 2));
    setResult(undefined);
  };
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const body: Record<string, unknown> = { mode, source };
      if (input.trim()) body.input = JSON.parse(input);
      setResult(readRunResult(await requestJson<unknown>('/api/lmx/run', { method: 'POST', body }), mode));
    } catch (caught) {
      const refused = readRefusal(caught, mode);
      if (refused) setResult(refused);
      else
        setError(
          caught instanceof SyntaxError ? new Error(`The input is not JSON: ${caught.message}`) : caught,
        );
    } finally {
      setBusy(false);
    }
  };

  if (catalogue.error && isEngineMissing(catalogue.error))
    return (
      <section>
        <h1 tabIndex={-1}>Scripts</h1>
        <p class="panel">The script engine is not available on this server.</p>
      </section>
    );
  return (
    <section>
      <h1 tabIndex={-1}>Scripts</h1>
      <ErrorMessage error={catalogue.error} />
      <div class="columns">
        <form class="panel" onSubmit={run} aria-labelledby="script-heading">
          <h2 id="script-heading">Playground</h2>
          <label for="script-mode">Language</label>
          <select id="script-mode" value={mode} onChange={(event) => setMode(event.currentTarget.value)}>
            {(catalogue.data?.interpreters ?? []).map((entry) => (
              <option key={entry.mode} value={entry.mode} disabled={!entry.available}>
                {entry.mode} — {entry.title}
                {entry.available ? '' : ' (unavailable)'}
              </option>
            ))}
          </select>
          {current && !current.available ? (
            <p class="muted">{current.reason ?? 'Not available to you here.'}</p>
          ) : null}
          {demos.length > 0 ? (
            <>
              <label for="script-demo">Demo</label>
              <select id="script-demo" value="" onChange={(event) => loadDemo(event.currentTarget.value)}>
                <option value="">Load a demo…</option>
                {demos.map((demo) => (
                  <option key={demo.name} value={demo.name}>
                    {demo.name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label for="script-source">Script</label>
          <textarea
            id="script-source"
            ref={editor}
            rows={14}
            spellcheck={false}
            value={source}
            onInput={(event) => setSource(event.currentTarget.value)}
          />
          <label for="script-input">
            Input <span class="hint">Optional JSON handed to the script.</span>
          </label>
          <textarea
            id="script-input"
            rows={3}
            spellcheck={false}
            value={input}
            onInput={(event) => setInput(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={busy || source.trim() === '' || current?.available === false}>
              Run
            </button>
          </div>
          <ErrorMessage error={error} />
        </form>
        <section class="panel" aria-labelledby="script-result-heading">
          <h2 id="script-result-heading">Result</h2>
          {result ? (
            <ResultView result={result} onJump={(line, column) => selectLine(editor.current, line, column)} />
          ) : (
            <p class="muted">Run a script to see its output here.</p>
          )}
        </section>
      </div>
    </section>
  );
}
