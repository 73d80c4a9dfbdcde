import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  type CompletionRequest,
  DEFAULT_PIPELINE,
  type ProviderRegistry,
  type RunResult,
} from '@svc/dreamer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../cli-io.js';
import { runCli } from '../../run-cli.js';
import { runInProcess } from '../../testing/run-in-process.js';
import { type DreamTestServer, startDreamTestServer } from './dream-test-server.js';

const STAGES = DEFAULT_PIPELINE.stages.map((stage) => stage.label);

describe('svc dream against the real server', () => {
  let server: DreamTestServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startDreamTestServer();
    env = { SVC_SERVER_URL: server.url, SVC_API_KEY: server.apiKey };
  });
  afterAll(async () => server?.close());

  it('streams progress on stderr and prints one Markdown section per stage on stdout', async () => {
    const run = await runInProcess(['dream', 'tools for beekeepers', '--mode', 'wild', '--no-color'], {
      env,
      tty: true,
    });
    expect(run.stderr).not.toContain('\u001b[');
    expect(run.code, run.stderr).toBe(0);
    const runId = /^run (\S+): pipeline default, 6 stages$/m.exec(run.stderr)?.[1];
    expect(runId).toBeDefined();
    for (const label of STAGES) {
      expect(run.stderr).toMatch(new RegExp(`^→ ${label}  stub/\\S+$`, 'm'));
      expect(run.stderr).toMatch(new RegExp(`^✓ ${label}  stub/\\S+  stub, no tokens  \\d+\\.\\d s$`, 'm'));
      expect(run.stdout).toMatch(new RegExp(`^## ${label}\\n\\n\\S`, 'm'));
    }
    expect(run.stderr).toContain(`✓ run ${runId} done`);
    const positions = STAGES.map((label) => run.stdout.indexOf(`## ${label}\n`));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('prints the RunResult as JSON with --json', async () => {
    const run = await runInProcess(['dream', 'tools for beekeepers', '--json', '--depth', 'deep'], { env });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunResult;
    expect(result.status).toBe('done');
    expect(result.steps.map((step) => step.label)).toEqual(STAGES);
    expect(Object.keys(result.outputs)).toEqual(result.steps.map((step) => step.key));
  });

  it('takes the server and key from the options too', async () => {
    const argv = ['dream', 'bees', '--server', server.url, '--api-key', server.apiKey, '--json'];
    const run = await runInProcess(argv, { env: {} });
    expect(run.code, run.stderr).toBe(0);
  });

  it('prints the server refusal code and message: no key is 401, exit 1', async () => {
    const run = await runInProcess(['dream', 'bees'], { env: { SVC_SERVER_URL: server.url } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('svc dream: the server refused the run (HTTP 401) GATE_UNAUTHENTICATED: ');
    expect(run.stderr).toContain('Set SVC_API_KEY (or pass --api-key)');
  });

  it('lists what the server found wrong with a pipeline file, exit 2', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'svc-dream-'));
    await writeFile(
      join(directory, 'pipeline.json'),
      JSON.stringify({ name: 'x', version: '1', stages: [] }),
    );
    const run = await runInProcess(['dream', 'bees', '--pipeline', 'pipeline.json'], { env, cwd: directory });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/refused the run \(HTTP 400\) DREAM_INVALID_PIPELINE: /);
  });

  it('refuses to resume a run that does not exist', async () => {
    const run = await runInProcess(['dream', '--resume', 'no-such-run'], { env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('DREAM_RUN_NOT_FOUND');
  });
});

/** A model provider that answers the first call (stage idea) and then waits until its call is aborted. */
function createStallingProviders(): ProviderRegistry & { stalled: Promise<void>; release(): void } {
  let stall = true;
  let calls = 0;
  let markStalled: () => void = () => undefined;
  const stalled = new Promise<void>((resolve) => {
    markStalled = resolve;
  });
  return {
    stalled,
    release: () => {
      stall = false;
    },
    list: () => [{ provider: 'local', models: ['slow'] }],
    async complete(request: CompletionRequest) {
      calls += 1;
      if (!stall || calls === 1)
        return { text: `answer for ${request.model}`, usage: { inputTokens: 4, outputTokens: 2 } };
      markStalled();
      return new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    },
  };
}

describe('svc dream interrupted with Ctrl-C', () => {
  let server: DreamTestServer;
  const providers = createStallingProviders();
  beforeAll(async () => {
    server = await startDreamTestServer({ modelProviders: providers });
  });
  afterAll(async () => server?.close());

  it('aborts the request, prints the run id with exit 130, and the run resumes after its finished stage', async () => {
    const [first, second] = DEFAULT_PIPELINE.stages;
    let stderr = '';
    let markSecondStarted: () => void = () => undefined;
    const secondStarted = new Promise<void>((resolve) => {
      markSecondStarted = resolve;
    });
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: {
        write: (chunk: string) => {
          stderr += chunk;
          if (stderr.includes(`→ ${second?.label}`)) markSecondStarted();
        },
      },
      stdin: Readable.from([]),
      env: { SVC_SERVER_URL: server.url, SVC_API_KEY: server.apiKey },
      cwd: process.cwd(),
    };
    const running = runCli(['dream', 'tools for beekeepers'], io);
    // The CLI has shown the second stage starting and the server's provider call is waiting.
    await Promise.all([secondStarted, providers.stalled]);
    process.emit('SIGINT');
    expect(await running).toBe(130);
    const runId = /^run (\S+):/m.exec(stderr)?.[1] as string;
    expect(stderr).toContain(`svc dream: interrupted; the server marks run ${runId} aborted`);
    expect(stderr).toContain(`Resume with: svc dream --resume ${runId}`);
    expect(process.listenerCount('SIGINT')).toBe(0);

    await waitForRunStatus(server, runId, 'aborted');
    providers.release();
    const resumed = await runInProcess(['dream', '--resume', runId, '--no-color'], {
      env: io.env as Record<string, string>,
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(
      `run ${runId}: pipeline default, 6 stages, resuming after ${first?.key}`,
    );
    expect(resumed.stderr).not.toContain(`→ ${first?.label}`);
    expect(resumed.stderr).toContain(`→ ${second?.label}`);
    expect(resumed.stdout).toContain('## Notes');
  });
});

/** Polls the run record (`GET /db/dreamer_runs/:id`) until the server has written `status`. */
async function waitForRunStatus(server: DreamTestServer, runId: string, status: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${server.url}/db/dreamer_runs/${runId}`, {
      headers: { authorization: `Bearer ${server.apiKey}` },
    });
    const body = (await response.json()) as { status?: string; data?: { status?: string } };
    if ((body.data?.status ?? body.status) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
