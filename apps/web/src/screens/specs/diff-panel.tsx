import { useState } from 'preact/hooks';
import { ErrorMessage } from '../../components/status';
import { useSession } from '../../lib/session';
import { type ChangeGroup, groupChanges } from './change-groups';
import { CheckProgress } from './check-progress';
import { SpecEditor } from './spec-editor';
import type { LoadedFile } from './spec-file';
import { CheckCancelled, type RunningCheck, type SpecSource, startCheck, whereToCheck } from './spec-runner';
import type { DiffResult } from './spec-types';

const LEVEL_WORD = { error: 'breaking', warning: 'warning', info: 'info' } as const;

function groupCounts(group: ChangeGroup): string {
  const infos = group.changes.length - group.breaking - group.warnings;
  const parts = [
    group.breaking > 0 ? `${group.breaking} breaking` : '',
    group.warnings > 0 ? `${group.warnings} ${group.warnings === 1 ? 'warning' : 'warnings'}` : '',
    infos > 0 ? `${infos} ${infos === 1 ? 'info' : 'infos'}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** Operations shown at first; two large specs can differ in thousands, and each is a few elements. */
const GROUPS_AT_FIRST = 50;

function ChangeGroupList({ groups }: { groups: ChangeGroup[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? groups : groups.slice(0, GROUPS_AT_FIRST);
  return (
    <div class="change-groups">
      {shown.map((group) => (
        <section
          key={group.operation ?? '(document)'}
          class={`change-group${group.breaking > 0 ? ' change-group-breaking' : ''}`}
          aria-label={group.operation ?? 'Not tied to an operation'}
        >
          <h3 class="change-operation">
            {group.operation ? <code>{group.operation}</code> : 'Not tied to an operation (info, components)'}{' '}
            <span class="muted change-counts">{groupCounts(group)}</span>
          </h3>
          <ul class="diagnostics changes">
            {group.changes.map((change, index) => (
              <li key={`${change.id}-${index}`} class={change.level === 'error' ? 'change-error' : ''}>
                <span class="badge">{LEVEL_WORD[change.level]}</span> {change.message}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {shown.length < groups.length ? (
        <button type="button" onClick={() => setAll(true)}>
          Show all {groups.length} operations
        </button>
      ) : null}
    </div>
  );
}

function toSource(text: string, file: LoadedFile | undefined): SpecSource {
  return file ? { kind: 'file', file: file.file } : { kind: 'text', text };
}

/** Compare two versions in a Web Worker; changes grouped by operation, breaking first. */
export function DiffPanel() {
  const { user } = useSession();
  const [oldText, setOldText] = useState('');
  const [newText, setNewText] = useState('');
  const [oldFile, setOldFile] = useState<LoadedFile>();
  const [newFile, setNewFile] = useState<LoadedFile>();
  const [running, setRunning] = useState<RunningCheck>();
  const [cancelled, setCancelled] = useState(false);
  const [result, setResult] = useState<{ diff: DiffResult; note: string | undefined; serial: number }>();
  const [error, setError] = useState<unknown>();
  const where = whereToCheck(user);
  const ready =
    (oldFile !== undefined || oldText.trim() !== '') && (newFile !== undefined || newText.trim() !== '');
  const compare = async (event: Event) => {
    event.preventDefault();
    if (!ready || running) return;
    setError(undefined);
    setCancelled(false);
    const started = startCheck({
      kind: 'diff',
      where,
      from: toSource(oldText, oldFile),
      to: toSource(newText, newFile),
    });
    setRunning(started);
    try {
      const answer = await started.answer;
      if (answer.kind === 'diff')
        setResult({ diff: answer.result, note: answer.note, serial: (result?.serial ?? 0) + 1 });
    } catch (caught) {
      if (caught instanceof CheckCancelled) setCancelled(true);
      else setError(caught);
    } finally {
      setRunning(undefined);
    }
  };
  return (
    <form
      class="panel"
      onSubmit={compare}
      aria-labelledby="diff-heading"
      aria-busy={running ? 'true' : 'false'}
    >
      <h2 id="diff-heading">Compare two versions</h2>
      <div class="columns">
        <SpecEditor
          id="spec-old"
          label="Old version"
          text={oldText}
          onText={setOldText}
          file={oldFile}
          onFile={setOldFile}
        />
        <SpecEditor
          id="spec-new"
          label="New version"
          text={newText}
          onText={setNewText}
          file={newFile}
          onFile={setNewFile}
        />
      </div>
      <div class="actions">
        <button type="submit" disabled={!ready || running !== undefined}>
          Compare
        </button>
      </div>
      <ErrorMessage error={error} />
      <div aria-live="polite">
        {running ? <CheckProgress label="Comparing" onCancel={() => running.cancel()} /> : null}
        {cancelled && !running ? <p class="muted">Comparison cancelled.</p> : null}
        {result && !running ? (
          <>
            <p class={`diff-summary ${result.diff.summary.breaking > 0 ? 'error' : 'notice'}`}>
              {result.diff.summary.text}
            </p>
            {result.note ? <p class="muted">{result.note}</p> : null}
            {result.diff.errors.length > 0 ? (
              <ul class="diagnostics">
                {result.diff.errors.map((item, index) => (
                  <li key={`e-${index}`} class="error">
                    {item.message} <code>{item.code}</code>
                  </li>
                ))}
              </ul>
            ) : null}
            <ChangeGroupList key={result.serial} groups={groupChanges(result.diff.changes)} />
          </>
        ) : null}
      </div>
    </form>
  );
}
