import type { StageUsage } from '@svc/dreamer-core';
import { type RunArguments, type RunEvent, SseHttpError, streamDream } from '@svc/dreamer-core/client';
import { useCallback, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/http';

/** One stage as the screen shows it while a run streams. */
export interface StageView {
  key: string;
  label: string;
  state: 'waiting' | 'running' | 'done' | 'error';
  text?: string;
  model?: { provider: string; model: string };
  /** The attempt the streamed text belongs to; a higher one replaces it. */
  attempt?: number;
  usage?: StageUsage;
  durationMs?: number;
}

/** A stage a resumed run finished before. */
export interface PriorStep {
  key: string;
  label: string;
  text: string;
  model?: { provider: string; model: string };
  usage?: StageUsage;
  durationMs?: number;
  startedAt?: string;
  finishedAt?: string;
}

/** How long a step took: its `durationMs`, or the span of its timestamps (older records). */
export function durationOf(step: { durationMs?: number; startedAt?: string; finishedAt?: string }) {
  if (step.durationMs !== undefined) return step.durationMs;
  if (step.startedAt === undefined || step.finishedAt === undefined) return undefined;
  const span = Date.parse(step.finishedAt) - Date.parse(step.startedAt);
  return Number.isFinite(span) && span >= 0 ? span : undefined;
}

/** The live state of one streamed run. */
export interface DreamState {
  running: boolean;
  runId?: string;
  stages: StageView[];
  status?: 'done' | 'error';
  error?: unknown;
}

function applyEvent(state: DreamState, event: RunEvent): DreamState {
  switch (event.type) {
    case 'start': {
      const known = new Map(state.stages.map((stage) => [stage.key, stage]));
      const stages = event.stages.map((key): StageView => {
        const stage = known.get(key) ?? { key, label: key, state: 'waiting' };
        return event.completed.includes(key) ? { ...stage, state: 'done' } : { ...stage, state: 'waiting' };
      });
      return { ...state, runId: event.runId, stages };
    }
    case 'stage_start':
      return {
        ...state,
        stages: state.stages.map((stage) =>
          stage.key === event.key
            ? { ...stage, label: event.label, state: 'running', model: event.model, text: '', attempt: 1 }
            : stage,
        ),
      };
    case 'stage_delta':
      return {
        ...state,
        stages: state.stages.map((stage) => {
          if (stage.key !== event.key || stage.state !== 'running') return stage;
          // A retried stage starts its text again.
          const text = event.attempt > (stage.attempt ?? 1) ? event.text : `${stage.text ?? ''}${event.text}`;
          return { ...stage, text, attempt: Math.max(event.attempt, stage.attempt ?? 1) };
        }),
      };
    case 'stage_done':
      return {
        ...state,
        stages: state.stages.map((stage) =>
          stage.key === event.step.key
            ? {
                ...stage,
                label: event.step.label,
                state: 'done',
                text: event.step.text,
                model: event.step.model,
                usage: event.step.usage,
                ...optionalDuration(durationOf(event.step)),
              }
            : stage,
        ),
      };
    case 'done':
      return { ...state, running: false, status: 'done' };
    case 'error':
      return {
        ...state,
        running: false,
        status: 'error',
        error: new ApiError(0, { code: event.code, message: event.message }),
        stages: state.stages.map((stage) =>
          stage.state === 'running' ? { ...stage, state: 'error' } : stage,
        ),
      };
    default:
      return state;
  }
}

function optionalDuration(durationMs: number | undefined): { durationMs?: number } {
  return durationMs === undefined ? {} : { durationMs };
}

function toError(error: unknown): unknown {
  if (error instanceof SseHttpError && error.body)
    return new ApiError(error.status, { code: error.body.error.code, message: error.body.error.message });
  return error;
}

/**
 * Runs `POST /api/dreamer/run/stream` with the POST-capable reader of `@svc/dreamer-core/client`
 * (same origin, so the session cookie rides along) and folds its events into {@link DreamState}.
 */
export function useDreamStream(initialStages: { key: string; label: string }[]) {
  const [state, setState] = useState<DreamState>({ running: false, stages: [] });
  const controller = useRef<AbortController | undefined>(undefined);
  const start = useCallback(
    /** `earlier`: the steps a resumed run already has (from its record), shown as done. */
    async (args: RunArguments, earlier: readonly PriorStep[] = []) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const done = new Map(earlier.map((step) => [step.key, step]));
      let current: DreamState = {
        running: true,
        stages: initialStages.map((stage): StageView => {
          const step = done.get(stage.key);
          return step
            ? {
                key: stage.key,
                label: step.label,
                state: 'done',
                text: step.text,
                ...(step.model ? { model: step.model } : {}),
                ...(step.usage ? { usage: step.usage } : {}),
                ...optionalDuration(durationOf(step)),
              }
            : { ...stage, state: 'waiting' };
        }),
      };
      setState(current);
      try {
        for await (const event of streamDream({
          baseUrl: window.location.origin,
          args,
          signal: abort.signal,
        })) {
          current = applyEvent(current, event);
          setState(current);
        }
      } catch (error) {
        if (abort.signal.aborted)
          current = { ...current, running: false, status: 'error', error: new Error('Stopped.') };
        else current = { ...current, running: false, status: 'error', error: toError(error) };
        setState(current);
      }
      return current;
    },
    [initialStages],
  );
  const stop = useCallback(() => controller.current?.abort(), []);
  return { state, start, stop };
}
