import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Runs the built server (build @svc/server first), as production would.
const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const BUNDLED = fileURLToPath(new URL('../../dist/docs-site', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-docs-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('dist/start.js with the docs site built by the package build', () => {
  it('serves dist/docs-site at start, building nothing under SVC_DATA_DIR', async () => {
    if (!existsSync(START)) throw new Error(`${START} is missing: build @svc/server first`);
    if (!existsSync(BUNDLED))
      throw new Error(`${BUNDLED} is missing: build @svc/server (tsup && node dist/docs-bundle.js)`);
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
      const symbol = await fetch(`${base}/api/docs/symbol/createGate`);
      expect(symbol.status).toBe(200);
      expect(await symbol.json()).toMatchObject({ matches: [{ package: '@svc/gate', page: 'api/gate' }] });
      expect(output).toContain(`"siteDir":${JSON.stringify(BUNDLED)},"msg":"docs site opened"`);
      expect(output).not.toContain('"msg":"docs site built"');
      expect(existsSync(join(dataDir, 'docs-site'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 180_000);
});
