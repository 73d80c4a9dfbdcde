import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Runs the built server (build @svc/server first), as production would.
const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-docs-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('dist/start.js without a docs site', () => {
  it('answers at once while it builds the site under SVC_DATA_DIR in the background, then serves it', async () => {
    if (!existsSync(START)) throw new Error(`${START} is missing: build @svc/server first`);
    const child = spawn(process.execPath, [START], {
      env: { PATH: process.env.PATH ?? '', SVC_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let output = '';
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const address = /svc server listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
          if (address) resolve(address);
        });
        void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
      });
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      // Nothing has asked for the docs: the build started with the server.
      const index = join(dataDir, 'docs-site', 'docs', 'index.json');
      const deadline = Date.now() + 120_000;
      while (!existsSync(index) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(existsSync(index)).toBe(true);
      const symbol = await fetch(`${base}/api/docs/symbol/createGate`);
      expect(symbol.status).toBe(200);
      expect(await symbol.json()).toMatchObject({ matches: [{ package: '@svc/gate', page: 'api/gate' }] });
      expect(output).toContain('"msg":"docs site built"');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 180_000);
});
