import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { selectLine } from '../../lib/text-range';
import { useLoad } from '../../lib/use-load';
import {
  type Catalogue,
  type Demo,
  isEngineMissing,
  readCatalogue,
  readDemos,
  readRunResult,
  type ScriptResult,
} from './script-api';
import { ScriptResultView } from './script-result';

async function loadCatalogue(): Promise<Catalogue & { demos: Demo[] }> {
  const [catalogue, demos] = await Promise.all([
    requestJson<unknown>('/api/lmx/interpreters'),
    requestJson<unknown>('/api/lmx/demos'),
  ]);
  return { ...readCatalogue(catalogue), demos: readDemos(demos) };
}

function parseInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch (error) {
    throw new Error(`The input is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Scripts: a playground per interpreter (`/api/lmx/*`) with the bundled demos, diagnostics at
 * their line and column (a click selects the line), output, value, trace and usage. Modes this
 * caller may not run are listed with the server's reason.
 */
export function ScriptsScreen() {
  const { user } = useSession();
  const catalogue = useLoad(loadCatalogue, [user?.id]);
  const [mode, setMode] = useState('lmx');
  const [demoId, setDemoId] = useState('');
  const [source, setSource] = useState('');
  const [input, setInput] = useState('');
  const [result, setResult] = useState<ScriptResult>();
  // The source as it was when it ran: the editor may change while the result is shown.
  const [ranSource, setRanSource] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const interpreters = catalogue.data?.interpreters ?? [];
  const demos = useMemo(
    () => (catalogue.data?.demos ?? []).filter((demo) => demo.mode === mode),
    [catalogue.data, mode],
  );
  const current = interpreters.find((entry) => entry.id === mode);
  const demo = demos.find((candidate) => candidate.id === demoId);

  useEffect(() => {
    const first = interpreters.find((entry) => entry.available);
    if (first && !interpreters.some((entry) => entry.id === mode)) setMode(first.id);
  }, [interpreters, mode]);

  const chooseMode = (next: string) => {
    setMode(next);
    setDemoId('');
  };
  const loadDemo = (id: string) => {
    const chosen = demos.find((candidate) => candidate.id === id);
    setDemoId(id);
    if (!chosen) return;
    setSource(chosen.source);
    setInput(chosen.input === undefined ? '' : JSON.stringify(chosen.input, null, 2));
    setResult(undefined);
    setError(undefined);
  };
  const run = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const body: Record<string, unknown> = { mode, source };
      if (input.trim()) body.input = parseInput(input);
      const answer = readRunResult(await requestJson<unknown>('/api/lmx/run', { method: 'POST', body }));
      setRanSource(source);
      setResult(answer);
    } catch (caught) {
      setError(caught);
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
  // Signed out, every mode is closed for want of an account: the sign-in prompt below says it.
  const unavailable =
    current !== undefined && !current.available && !(current.code === 'GATE_UNAUTHENTICATED' && !user);
  return (
    <section>
      <h1 tabIndex={-1}>Scripts</h1>
      <ErrorMessage error={catalogue.error} />
      <div class="columns">
        <form class="panel" onSubmit={run} aria-labelledby="script-heading">
          <h2 id="script-heading">Playground</h2>
          <label for="script-mode">Language</label>
          <select
            id="script-mode"
            value={mode}
            aria-describedby="script-mode-about"
            onChange={(event) => chooseMode(event.currentTarget.value)}
          >
            {interpreters.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.id} — {entry.title}
                {entry.available ? '' : ' (unavailable)'}
              </option>
            ))}
          </select>
          <div id="script-mode-about">
            {current ? <p class="hint">{current.purpose}</p> : null}
            {unavailable ? (
              <p class="script-unavailable" data-testid="script-mode-reason">
                Unavailable to you here: {current.reason ?? 'the server gave no reason.'}{' '}
                {current.code ? <code class="muted">{current.code}</code> : null}
              </p>
            ) : null}
          </div>
          {demos.length > 0 ? (
            <>
              <label for="script-demo">Demo</label>
              <select
                id="script-demo"
                value={demoId}
                onChange={(event) => loadDemo(event.currentTarget.value)}
              >
                <option value="">Load a demo…</option>
                {demos.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.title}
                  </option>
                ))}
              </select>
              {demo ? <p class="hint">{demo.description}</p> : null}
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
            Input <span class="hint">Optional JSON the script reads as input.</span>
          </label>
          <textarea
            id="script-input"
            rows={3}
            spellcheck={false}
            value={input}
            onInput={(event) => setInput(event.currentTarget.value)}
          />
          {user === null ? (
            <p class="muted">
              Running a script needs an account: <Link href="/">sign in</Link>.
            </p>
          ) : null}
          <div class="actions">
            <button type="submit" disabled={busy || !user || source.trim() === '' || unavailable}>
              Run
            </button>
            {catalogue.data?.timeMs ? (
              <span class="hint">Each run stops after {catalogue.data.timeMs} ms.</span>
            ) : null}
          </div>
          <ErrorMessage error={error} />
        </form>
        <section class="panel" aria-labelledby="script-result-heading" aria-live="polite">
          <h2 id="script-result-heading">Result</h2>
          {result ? (
            <ScriptResultView
              result={result}
              source={ranSource}
              onJump={(line, column) => selectLine(editor.current, line, column)}
            />
          ) : (
            <p class="muted">{busy ? 'Running…' : 'Run a script to see its output here.'}</p>
          )}
        </section>
      </div>
    </section>
  );
}
