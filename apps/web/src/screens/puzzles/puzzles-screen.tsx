import { useEffect, useMemo, useState } from 'preact/hooks';
import { isApiError, requestJson, sendRequest } from '../../api/http';
import { ErrorMessage, Notice } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { TRIM_NAMES, TRIMS, type TrimName } from '../../lib/trims';
import { useLoad } from '../../lib/use-load';
import { KindForm } from './kind-form';
import { type FieldValues, initialValues, type KindInfo, toKindInput } from './kind-input';
import { PrintPreview } from './print-preview';

/** A page as `POST /api/activity/pages/generate` answers it. */
export interface GeneratedPage {
  kind: string;
  seed: string;
  doc: Record<string, unknown>;
  summary: string;
}

function problemsOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || !Array.isArray(error.details?.issues)) return {};
  const problems: Record<string, string> = {};
  for (const issue of error.details.issues as { path?: string; message?: string }[]) {
    const name = issue.path?.split('/')[1];
    if (name && issue.message) problems[name] = issue.message;
  }
  return problems;
}

function usePrintedPage(page: GeneratedPage | undefined, trim: TrimName, key: boolean) {
  const [state, setState] = useState<{ html?: string; watermarked?: boolean; error?: unknown }>({});
  useEffect(() => {
    if (!page) return;
    const controller = new AbortController();
    sendRequest('/api/activity/pages/print', {
      method: 'POST',
      body: { kind: page.kind, doc: page.doc, trim, key },
      signal: controller.signal,
    })
      .then(async (response) =>
        setState({
          html: await response.text(),
          watermarked: response.headers.get('x-svc-watermarked') === 'true',
        }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      });
    return () => controller.abort();
  }, [page, trim, key]);
  return state;
}

function SavePage({ page }: { page: GeneratedPage }) {
  const { user } = useSession();
  const [title, setTitle] = useState('');
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<unknown>();
  useEffect(() => setSaved(undefined), [page]);
  if (!user) return <p class="muted">Sign in to save pages and bind them into books.</p>;
  const save = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const body = {
        kind: page.kind,
        doc: page.doc,
        seed: page.seed,
        summary: page.summary,
        ...(title.trim() ? { title: title.trim() } : {}),
      };
      const answer = await requestJson<{ page: { id: string } }>('/api/activity/pages', {
        method: 'POST',
        body,
      });
      setSaved(answer.page.id);
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <form onSubmit={save}>
      <label for="page-title">
        Title in books <span class="hint">Optional; the kind's name otherwise.</span>
      </label>
      <input
        id="page-title"
        type="text"
        maxLength={120}
        value={title}
        onInput={(event) => setTitle(event.currentTarget.value)}
      />
      <div class="actions">
        <button type="submit" disabled={saved !== undefined}>
          Save page
        </button>
        {saved ? <Link href="/books">Make a book with it</Link> : null}
      </div>
      <Notice>{saved ? 'Saved to your pages.' : null}</Notice>
      <ErrorMessage error={error} />
    </form>
  );
}

/** Puzzles: choose a kind, fill its form, generate, preview at a trim with or without the key, print, save. */
export function PuzzlesScreen() {
  const { user } = useSession();
  const kinds = useLoad(() => requestJson<{ kinds: KindInfo[] }>('/api/activity/kinds'), []);
  const [kindName, setKindName] = useState('sudoku');
  const kind = useMemo(
    () => kinds.data?.kinds.find((entry) => entry.kind === kindName),
    [kinds.data, kindName],
  );
  // The values belong to the kind they were typed for: right after the kind changes, the new
  // kind's defaults show in the same render, so a field filled at once is never reset later.
  const [form, setForm] = useState<{ kind?: string; values: FieldValues }>({ values: {} });
  const values: FieldValues =
    kind === undefined ? {} : form.kind === kind.kind ? form.values : initialValues(kind.inputs);
  const setValues = (next: FieldValues) => {
    if (kind) setForm({ kind: kind.kind, values: next });
  };
  const [seed, setSeed] = useState('');
  const [page, setPage] = useState<GeneratedPage>();
  const [error, setError] = useState<unknown>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [trim, setTrim] = useState<TrimName>('Letter');
  const [showKey, setShowKey] = useState(false);
  const printed = usePrintedPage(page, trim, showKey);

  useEffect(() => {
    setProblems({});
    setError(undefined);
  }, [kind]);

  const generate = async (event: Event) => {
    event.preventDefault();
    if (!kind) return;
    const { input, problems: local } = toKindInput(kind.inputs, values);
    setProblems(Object.fromEntries(local.map((problem) => [problem.name, problem.message])));
    if (local.length > 0) return;
    setBusy(true);
    setError(undefined);
    try {
      const body = { kind: kind.kind, input, ...(seed.trim() ? { seed: seed.trim() } : {}) };
      const answer = await requestJson<{ page: GeneratedPage }>('/api/activity/pages/generate', {
        method: 'POST',
        body,
      });
      setPage(answer.page);
      setShowKey(false);
    } catch (caught) {
      setError(caught);
      setProblems(problemsOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const locked = kind?.requiresAccount === true && !user;
  return (
    <section>
      <h1 tabIndex={-1}>Puzzles</h1>
      <ErrorMessage error={kinds.error} />
      <div class="columns">
        <form class="panel" onSubmit={generate} aria-labelledby="generate-heading">
          <h2 id="generate-heading">Generate a page</h2>
          <label for="kind">Kind</label>
          <select id="kind" value={kindName} onChange={(event) => setKindName(event.currentTarget.value)}>
            {(kinds.data?.kinds ?? []).map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {entry.title}
                {entry.requiresAccount && !user ? ' (sign in)' : ''}
              </option>
            ))}
          </select>
          {kind ? <p class="hint">{kind.description}</p> : null}
          <label for="seed">
            Seed <span class="hint">The same seed and options make the same page; empty for a new one.</span>
          </label>
          <input
            id="seed"
            type="text"
            maxLength={200}
            value={seed}
            onInput={(event) => setSeed(event.currentTarget.value)}
          />
          {kind ? (
            <KindForm fields={kind.inputs} values={values} onChange={setValues} problems={problems} />
          ) : null}
          <div class="actions">
            <button type="submit" disabled={busy || !kind || locked}>
              Generate
            </button>
            {locked ? (
              <span class="muted">
                <Link href="/">Sign in</Link> to make {kind?.title} pages.
              </span>
            ) : null}
          </div>
          <ErrorMessage error={error} />
        </form>
        <section class="panel" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Printable page</h2>
          {page ? (
            <>
              <p>
                {page.summary} <span class="muted">Seed: {page.seed}</span>
              </p>
              <div class="actions">
                <label for="trim" class="inline-label">
                  Trim
                </label>
                <select
                  id="trim"
                  value={trim}
                  onChange={(event) => setTrim(event.currentTarget.value as TrimName)}
                >
                  {TRIM_NAMES.map((name) => (
                    <option key={name} value={name}>
                      {TRIMS[name].label}
                    </option>
                  ))}
                </select>
                <label class="checkbox">
                  <input
                    type="checkbox"
                    checked={showKey}
                    onChange={(event) => setShowKey(event.currentTarget.checked)}
                  />
                  Answer key
                </label>
              </div>
              {printed.watermarked ? (
                <p class="muted">This preview carries the free watermark; a membership prints without it.</p>
              ) : null}
              <ErrorMessage error={printed.error} />
              {printed.html ? (
                <PrintPreview
                  html={printed.html}
                  trim={trim}
                  label={`${showKey ? 'Answer key' : 'Puzzle'} print preview`}
                />
              ) : (
                <p class="muted">Preparing the preview…</p>
              )}
              <SavePage page={page} />
            </>
          ) : (
            <p class="muted">Generate a page to preview it at its trim.</p>
          )}
        </section>
      </div>
    </section>
  );
}
