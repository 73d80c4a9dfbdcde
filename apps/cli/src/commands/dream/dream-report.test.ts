import type { RunResult, RunStep } from '@svc/dreamer-core';
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../output/color.js';
import { formatProgress, formatStep, toRunMarkdown } from './dream-report.js';

function stepOf(key: string, output: unknown, usage: RunStep['usage']): RunStep {
  return {
    key,
    label: key[0]?.toUpperCase() + key.slice(1),
    output,
    text: typeof output === 'string' ? output : JSON.stringify(output),
    model: { provider: 'local', model: 'llama3', source: 'auto' },
    usage,
    attempts: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:02.150Z',
  };
}

const PLAIN = createStyle(false);

describe('dream progress and Markdown', () => {
  it('describes a finished stage with its model, tokens and duration', () => {
    expect(formatStep(stepOf('idea', 'x', { inputTokens: 120, outputTokens: 340 }))).toBe(
      'Idea  local/llama3  120 → 340 tokens  2.1 s',
    );
    expect(formatStep(stepOf('idea', 'x', { inputTokens: 12, outputTokens: 3, estimated: true }))).toContain(
      '~12 → ~3 tokens',
    );
    expect(formatStep(stepOf('idea', 'x', { inputTokens: 0, outputTokens: 0, stub: true }))).toContain(
      'stub, no tokens',
    );
  });

  it('announces the run, stage starts and failures', () => {
    expect(
      formatProgress(
        { type: 'start', runId: 'r1', pipeline: 'default', stages: ['a', 'b'], completed: ['a'] },
        PLAIN,
      ),
    ).toBe('run r1: pipeline default, 2 stages, resuming after a');
    const model = { provider: 'stub', model: 'echo', source: 'stub' } as const;
    expect(
      formatProgress({ type: 'stage_start', runId: 'r1', key: 'idea', label: 'Idea', model }, PLAIN),
    ).toBe('→ Idea  stub/echo');
    expect(
      formatProgress(
        { type: 'error', runId: 'r1', code: 'DREAM_TIMEOUT', message: 'too slow', stage: 'idea' },
        PLAIN,
      ),
    ).toBe('✗ DREAM_TIMEOUT: too slow (stage idea)');
    expect(
      formatProgress({ type: 'stage_delta', runId: 'r1', key: 'idea', text: 'Hive', attempt: 1 }, PLAIN),
    ).toBeUndefined();
  });

  it('prefers the recorded duration of a step over its timestamps', () => {
    const step = { ...stepOf('idea', 'x', { inputTokens: 1, outputTokens: 2 }), durationMs: 4200 };
    expect(formatStep(step)).toBe('Idea  local/llama3  1 → 2 tokens  4.2 s');
  });

  it('prints one section per stage, text as is and JSON fenced beyond any backticks inside', () => {
    const usage = { inputTokens: 1, outputTokens: 1 };
    const steps = [stepOf('idea', '  A hive scale.\n', usage), stepOf('scaffold', { files: ['```'] }, usage)];
    const result = { steps } as unknown as RunResult;
    expect(toRunMarkdown(result)).toBe(
      '## Idea\n\nA hive scale.\n\n## Scaffold\n\n````json\n{\n  "files": [\n    "```"\n  ]\n}\n````\n',
    );
  });
});
