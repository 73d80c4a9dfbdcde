import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import type { DocumentList } from '../../api/types';
import { ErrorMessage, formatTime } from '../../components/status';
import { useLoad } from '../../lib/use-load';
import { CopyMarkdown } from './copy-markdown';
import type { RunForMarkdown } from './run-markdown';
import { StageOutput } from './stage-output';

export type RunRecord = RunForMarkdown & { status: 'running' | 'done' | 'aborted' | 'error' };

/** Earlier runs, read from the caller's `dreamer_runs` documents; failed ones can be resumed. */
export function EarlierRuns({
  round,
  canResume,
  onResume,
}: {
  round: number;
  canResume: boolean;
  onResume(record: RunRecord & { id: string }): void;
}) {
  const runs = useLoad(
    () => requestJson<DocumentList<RunRecord>>('/db/dreamer_runs?owner=me&sort=-createdAt&limit=20'),
    [round],
  );
  const [open, setOpen] = useState<string>();
  return (
    <section class="panel" aria-labelledby="runs-heading">
      <h2 id="runs-heading">Earlier runs</h2>
      <ErrorMessage error={runs.error} />
      {runs.data && runs.data.items.length > 0 ? (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Topic</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((record) => (
                <tr key={record.id}>
                  <td>
                    {record.topic}
                    {open === record.id ? (
                      <div>
                        {record.steps.map((step) => (
                          <details key={step.key}>
                            <summary>{step.label}</summary>
                            <StageOutput text={step.text} writing={false} />
                          </details>
                        ))}
                        {record.error?.message ? <p class="error">{record.error.message}</p> : null}
                      </div>
                    ) : null}
                  </td>
                  <td>{record.status}</td>
                  <td>{formatTime(record.createdAt)}</td>
                  <td>
                    <div class="actions">
                      <button
                        type="button"
                        class="secondary"
                        aria-expanded={open === record.id}
                        onClick={() => setOpen(open === record.id ? undefined : record.id)}
                      >
                        {open === record.id ? 'Hide' : 'Show'} stages
                      </button>
                      {record.status === 'error' || record.status === 'aborted' ? (
                        <button type="button" disabled={!canResume} onClick={() => onResume(record)}>
                          Resume
                        </button>
                      ) : null}
                      <CopyMarkdown run={record} label="Copy as Markdown" />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">{runs.loading ? 'Loading…' : 'No runs yet.'}</p>
      )}
    </section>
  );
}
