import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLmxTestServer,
  type LmxTestServer,
  processesWith,
  runScriptAs,
  startDisplayWithWindow,
} from '../testing/lmx-test-helpers.js';

interface Result {
  ok: boolean;
  output: string[];
  error?: { code: string; message: string };
  trace?: { action: string; target: string; ok: boolean; outcome: string }[];
}

describe('the host modes for an admin with SVC_LMX_HOST_MODES', () => {
  let server: LmxTestServer;
  let receiver: Server;
  let receiverPort: number;
  let desktop: { display: string; stop(): void };
  const scratch = mkdtempSync(join(tmpdir(), 'svc-lmx-host-'));
  const typedFile = join(scratch, 'typed.txt');
  const run = async (mode: string, source: string, input?: unknown): Promise<Result> => {
    const answer = await runScriptAs(server.app, server.adminCookie, {
      mode,
      source,
      ...(input === undefined ? {} : { input }),
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as Result;
  };

  beforeAll(async () => {
    process.env.SVC_TEST_SERVER_SECRET = 'the-server-secret-value';
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () =>
        response.end(request.method === 'POST' ? `got ${body}` : 'hello from loopback'),
      );
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverPort = (receiver.address() as AddressInfo).port;
    desktop = await startDisplayWithWindow('svc-notes', typedFile);
    server = await createLmxTestServer({
      SVC_LMX_HOST_MODES: '1',
      SVC_LMX_NET_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}`,
      SVC_LMX_COMMAND_TIMEOUT_MS: '1500',
      SVC_LMX_TIME_MS: '4000',
      DISPLAY: desktop.display,
    });
  }, 120_000);

  afterAll(async () => {
    delete process.env.SVC_TEST_SERVER_SECRET;
    await server?.close();
    receiver?.closeAllConnections();
    receiver?.close();
    desktop?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('lms runs real commands without a shell, in a directory of its own, and traces each', async () => {
    const result = await run(
      'lms',
      'RUN "printf \'%s|\' a \'b c\' $HOME"\nRUN "sh -c \'exit 3\'" -> check\nprint check.exitCode\nRUN "pwd"',
    );
    expect(result.ok).toBe(true);
    expect(result.output[0]).toMatch(/^a\|b c\|\$HOME\|$/);
    expect(result.output[1]).toBe('3');
    expect(result.output[2]).toMatch(/svc-lmx-run-/);
    expect(result.trace?.map((entry) => [entry.action, entry.outcome])).toEqual([
      ['run', 'exit 0'],
      ['run', 'exit 3'],
      ['run', 'exit 0'],
    ]);
  });

  it('never shows a secret of the server environment to RUN "env"', async () => {
    const result = await run('lms', 'RUN "env"');
    expect(result.output.join('\n')).toContain('PATH=/usr/local/bin:/usr/bin:/bin');
    expect(result.output.join('\n')).not.toContain('the-server-secret-value');
    expect(result.output.join('\n')).not.toContain('JWT_SECRET');
  });

  it.runIf(process.getuid?.() === 0)(
    "runs commands of a root server as nobody: neither the parent's nor the server's environment is readable",
    async () => {
      const result = await run(
        'lms',
        [
          'RUN "id -un"',
          'RUN "sh -c \'cat /proc/$PPID/environ\'" -> parent',
          'print parent.exitCode, parent.stderr',
          'RUN "cat /proc/{{input.pid}}/environ" -> server',
          'print server.exitCode, server.stderr',
        ].join('\n'),
        { pid: process.pid },
      );
      expect(result.output[0]).toBe('nobody');
      expect(result.output[1]).toMatch(/^1 cat: \/proc\/\d+\/environ: Permission denied/);
      expect(result.output[2]).toMatch(/^1 cat: \/proc\/\d+\/environ: Permission denied/);
    },
  );

  it('kills a runaway command with its process group at the command bound', async () => {
    const marker = `1000.${process.pid}7`;
    const result = await run('lms', `RUN "sh -c 'sleep ${marker} & sleep ${marker}'" -> r\nprint r.timedOut`);
    expect(result.output).toEqual(['true']);
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills a fork loop when the whole run passes its time bound', async () => {
    const marker = `1000.${process.pid}8`;
    const result = await run(
      'lms',
      `RUN "sh -c 'while true; do sleep ${marker} & sleep 0.01; done'"\nRUN "sh -c 'while true; do sleep ${marker} & sleep 0.01; done'"\nRUN "sh -c 'while true; do sleep ${marker} & sleep 0.01; done'"`,
    );
    expect(result.error?.code).toBe('E_LIMIT_TIME');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processesWith(marker)).toEqual([]);
  });

  it('lmnet reaches an allowed loopback server and nothing else', async () => {
    const base = `http://127.0.0.1:${receiverPort}`;
    const result = await run(
      'lmnet',
      'GET "{{input.base}}/x" -> r\nprint r.status, r.body\nPOST input.base {n: 1}\nPORT "127.0.0.1" input.port',
      { base, port: receiverPort },
    );
    expect(result.output).toEqual(['200 hello from loopback', '200', 'got {"n":1}', 'open']);
    const refused = await run('lmnet', 'GET "http://127.0.0.1:9/"');
    expect(refused.error?.code).toBe('E_FORBIDDEN');
    expect(refused.error?.message).toContain('not on the network allow-list');
    // A port off the list is closed to this run, not the end of it.
    const scan = await run('lmnet', 'PORT "127.0.0.1" 9 -> state\nprint state\nprint "still running"');
    expect(scan.error).toBeUndefined();
    expect(scan.output).toEqual(['closed', 'still running']);
  });

  it('lmd lists the window and focuses it, lmk types into it, the result is read back', async () => {
    const windows = await run(
      'lmd',
      'WINDOWS -> list\nfor w in list\n  if w.title == "svc-notes"\n    print "found", w.title\n  end\nend\nFOCUS "svc-notes"\nSCREENSHOT "desk.png" -> shot\nprint shot.bytes > 0',
    );
    expect(windows.output).toEqual([
      'found svc-notes',
      expect.stringMatching(/^focused \d+ "svc-notes" \d+x\d+\+10\+10$/),
      'true',
    ]);
    const typed = await run('lmk', 'TYPE "typed by lmk"\nKEY Return');
    expect(typed.ok).toBe(true);
    expect(typed.trace?.map((entry) => entry.target)).toEqual(['12 characters', 'Return']);
    for (let attempt = 0; attempt < 100 && !readFileSync(typedFile, 'utf8').includes('\n'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readFileSync(typedFile, 'utf8')).toBe('typed by lmk\n');
  });

  it('lmt waits inside the run bound and refuses a wait past it', async () => {
    const ticks = await run('lmt', 'EVERY 20ms TIMES 3 DO print tick END');
    expect(ticks.output).toEqual(['0', '1', '2']);
    const late = await run('lmt', 'SLEEP 10 s');
    expect(late.error?.code).toBe('E_LIMIT_TIME');
  });

  it('runs every bundled host-mode demo', async () => {
    const demos = (await server.app.inject({ method: 'GET', url: '/api/lmx/demos' })).json<{
      demos: { id: string; mode: string; source: string; input?: Record<string, unknown> }[];
    }>().demos;
    const hostDemos = demos.filter((demo) => ['lms', 'lmk', 'lmd', 'lmnet', 'lmt'].includes(demo.mode));
    expect(new Set(hostDemos.map((demo) => demo.mode))).toEqual(
      new Set(['lms', 'lmk', 'lmd', 'lmnet', 'lmt']),
    );
    for (const demo of hostDemos) {
      const input = demo.input
        ? { ...demo.input, base: `http://127.0.0.1:${receiverPort}`, port: receiverPort }
        : undefined;
      const result = await run(demo.mode, demo.source, input);
      expect(result, demo.id).toMatchObject({ ok: true });
    }
  });

  it('says every host mode is available to this admin', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/lmx/interpreters',
      headers: { cookie: server.adminCookie },
    });
    const modes = response.json<{ interpreters: { id: string; hostMode: boolean; available: boolean }[] }>()
      .interpreters;
    expect(modes.filter((mode) => mode.hostMode).map((mode) => [mode.id, mode.available])).toEqual([
      ['lms', true],
      ['lmk', true],
      ['lmd', true],
      ['lmnet', true],
      ['lmt', true],
    ]);
    const member = await runScriptAs(server.app, server.member.cookie, { mode: 'lms', source: 'RUN "id"' });
    expect(member.status).toBe(403);
  });
});
