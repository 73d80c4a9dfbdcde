import { useMemo, useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { canRunIdeation } from '../../api/types';
import { ErrorMessage, Notice } from '../../components/status';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { CopyMarkdown } from './copy-markdown';
import { EarlierRuns } from './earlier-runs';
import { StageOutput } from './stage-output';
import { type StageView, useDreamStream } from './use-dream-stream';

interface ModelsAnswer {
  providers: { provider: string; models: string[] }[];
  auto: { provider: string; model: string };
}

const STATE_TEXT: Record<StageView['state'], string> = {
  waiting: 'waiting',
  running: 'running',
  done: 'done',
  error: 'failed',
};

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** "120 → 340 tokens", with "~" when the counts are estimated. */
function formatTokens(usage: NonNullable<StageView['usage']>): string {
  const about = usage.estimated ? '~' : '';
  return `${about}${usage.inputTokens} → ${about}${usage.outputTokens} tokens`;
}

/** What is known of a stage: its model, then (once done) time and tokens. */
function StageFacts({ stage }: { stage: StageView }) {
  // The echo stub is no model: its name, time and zero tokens would say the same thing three times.
  if (stage.usage?.stub || stage.model?.provider === 'stub')
    return <span class="muted stage-facts">echo stub, no model called</span>;
  const facts: string[] = [];
  if (stage.model) facts.push(`${stage.model.provider} · ${stage.model.model}`);
  if (stage.state === 'running' && stage.attempt !== undefined && stage.attempt > 1)
    facts.push(`attempt ${stage.attempt}`);
  if (stage.durationMs !== undefined) facts.push(formatSeconds(stage.durationMs));
  if (stage.usage) facts.push(formatTokens(stage.usage));
  // Each fact stays on one line; a narrow screen wraps between facts.
  const unbroken = facts.map((fact) => fact.replaceAll(' ', '\u00a0'));
  return facts.length > 0 ? <span class="muted stage-facts">{unbroken.join(' · ')}</span> : null;
}

function StageList({ stages }: { stages: StageView[] }) {
  return (
    <ol class="stages" aria-label="Stages">
      {stages.map((stage) => (
        <li key={stage.key} data-state={stage.state} data-stage={stage.key}>
          <div class="stage-head">
            <strong>{stage.label}</strong>{' '}
            <span class="muted">
              — {stage.state === 'running' && stage.text ? 'writing…' : STATE_TEXT[stage.state]}
            </span>{' '}
            <StageFacts stage={stage} />
          </div>
          {stage.text ? <StageOutput text={stage.text} writing={stage.state === 'running'} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** Ideation: a topic and options, the six stages streaming live, earlier runs, resume, copy as Markdown. */
export function IdeationScreen() {
  const { user } = useSession();
  const pipeline = useLoad(
    () => requestJson<{ stages: { key: string; label?: string }[] }>('/api/dreamer/pipeline'),
    [],
  );
  const models = useLoad(
    () => (user ? requestJson<ModelsAnswer>('/api/dreamer/models') : Promise.resolve(undefined)),
    [Boolean(user)],
  );
  const initialStages = useMemo(
    () => (pipeline.data?.stages ?? []).map((stage) => ({ key: stage.key, label: stage.label ?? stage.key })),
    [pipeline.data],
  );
  const { state, start, stop } = useDreamStream(initialStages);
  const [topic, setTopic] = useState('');
  const [lastTopic, setLastTopic] = useState('');
  const [depth, setDepth] = useState<'standard' | 'deep'>('standard');
  const [mode, setMode] = useState<'standard' | 'wild'>('standard');
  const [model, setModel] = useState('auto');
  const [runsRound, setRunsRound] = useState(0);

  const run = async (
    args: Parameters<typeof start>[0],
    shownTopic: string,
    earlier?: Parameters<typeof start>[1],
  ) => {
    setLastTopic(shownTopic);
    await start(args, earlier);
    setRunsRound((value) => value + 1);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const [provider, name] = model === 'auto' ? ['auto', 'auto'] : model.split('\u0000');
    void run({ topic, depth, mode, provider, model: name }, topic);
  };

  if (!user)
    return (
      <section>
        <h1 tabIndex={-1}>Ideation</h1>
        <p>
          <Link href="/">Sign in</Link> to run the ideation pipeline.
        </p>
      </section>
    );
  const allowed = canRunIdeation(user);
  return (
    <section>
      <h1 tabIndex={-1}>Ideation</h1>
      {allowed ? null : (
        <p class="panel">
          Ideation runs need a membership that includes <em>intelligence</em> (Pro or Unlimited). See{' '}
          <Link href="/account">plans on your account</Link>.
        </p>
      )}
      <div class="columns">
        <form class="panel" onSubmit={submit} aria-labelledby="dream-heading">
          <h2 id="dream-heading">New run</h2>
          <label for="topic">Topic</label>
          <textarea
            id="topic"
            rows={2}
            required
            maxLength={2000}
            value={topic}
            onInput={(event) => setTopic(event.currentTarget.value)}
          />
          <label for="depth">Depth</label>
          <select
            id="depth"
            value={depth}
            onChange={(event) => setDepth(event.currentTarget.value as 'standard' | 'deep')}
          >
            <option value="standard">Standard</option>
            <option value="deep">Deep</option>
          </select>
          <label for="mode">Mode</label>
          <select
            id="mode"
            value={mode}
            onChange={(event) => setMode(event.currentTarget.value as 'standard' | 'wild')}
          >
            <option value="standard">Standard</option>
            <option value="wild">Wild (unconventional but plausible)</option>
          </select>
          <label for="model">Model</label>
          <select id="model" value={model} onChange={(event) => setModel(event.currentTarget.value)}>
            <option value="auto">
              Automatic
              {models.data
                ? models.data.auto.provider === 'stub'
                  ? ' (echo stub: no model configured)'
                  : ` (${models.data.auto.provider} · ${models.data.auto.model})`
                : ''}
            </option>
            {(models.data?.providers ?? []).flatMap((entry) =>
              entry.models.map((name) => (
                <option key={`${entry.provider}/${name}`} value={`${entry.provider}\u0000${name}`}>
                  {entry.provider} · {name}
                </option>
              )),
            )}
          </select>
          <div class="actions">
            <button type="submit" disabled={!allowed || state.running}>
              Run
            </button>
            {state.running ? (
              <button type="button" class="danger" onClick={stop}>
                Stop
              </button>
            ) : null}
          </div>
        </form>
        <section class="panel" aria-labelledby="live-heading">
          <h2 id="live-heading">{lastTopic ? `Run: ${lastTopic}` : 'Live run'}</h2>
          <Notice>{state.running ? 'Running…' : state.status === 'done' ? 'Run finished.' : null}</Notice>
          <ErrorMessage error={state.error} />
          {state.stages.length > 0 ? (
            <StageList stages={state.stages} />
          ) : (
            <p class="muted">Stages appear here as they run.</p>
          )}
          {state.status && state.stages.some((stage) => stage.text) ? (
            <CopyMarkdown
              run={{
                topic: lastTopic,
                status: state.status,
                steps: state.stages
                  .filter((stage) => stage.text)
                  .map((stage) => ({ ...stage, text: stage.text ?? '' })),
              }}
            />
          ) : null}
        </section>
      </div>
      <EarlierRuns
        round={runsRound}
        canResume={allowed && !state.running}
        onResume={(record) => void run({ resumeFrom: record.id }, record.topic, record.steps)}
      />
    </section>
  );
}
