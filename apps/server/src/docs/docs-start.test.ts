import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_DOCS } from '@svc/docs-reader/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE } from './docs-fingerprint.js';
import { openDocsSite } from './open-docs-site.js';

// Runs the built server (build @svc/server first), as production would.
const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));
const BUNDLED = fileURLToPath(new URL('../../dist/docs-site', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'svc-docs-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs dist/start.js on `dataDir` until `check` has run against its address; its stdout. */
async function runStart(dataDir: string, check: (base: string) => Promise<void>): Promise<string> {
  if (!existsSync(START)) throw new Error(`${START} is missing: build @svc/server first`);
  const child = spawn(process.execPath, [START], {
    env: { PATH: process.env.PATH ?? '', SVC_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let output = '';
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const address = /svc server listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
        if (address) resolve(address);
      });
      void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
    await check(base);
    return output;
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
}

describe('dist/start.js and the docs site built by the package build', () => {
  it('serves dist/docs-site at start, building nothing under SVC_DATA_DIR', async () => {
    if (!existsSync(BUNDLED))
      throw new Error(`${BUNDLED} is missing: build @svc/server (tsup && node dist/docs-bundle.js)`);
    const dataDir = join(scratch, 'bundled');
    const output = await runStart(dataDir, async (base) => {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const symbol = await fetch(`${base}/api/docs/symbol/createGate`);
      expect(symbol.status).toBe(200);
      expect(await symbol.json()).toMatchObject({ matches: [{ package: '@svc/gate', page: 'api/gate' }] });
    });
    expect(output).toContain(`"siteDir":${JSON.stringify(BUNDLED)},"msg":"docs site opened"`);
    expect(output).not.toContain('"msg":"docs site built"');
    expect(existsSync(join(dataDir, 'docs-site'))).toBe(false);
  }, 180_000);

  it("serves an operator's own site copied to SVC_DATA_DIR/docs-site instead", async () => {
    const dataDir = join(scratch, 'own');
    const source = join(scratch, 'own-source');
    for (const [path, content] of Object.entries(SAMPLE_DOCS)) {
      mkdirSync(dirname(join(source, path)), { recursive: true });
      writeFileSync(join(source, path), content);
    }
    const quiet = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof openDocsSite>[1];
    await openDocsSite({ siteDir: join(dataDir, 'docs-site'), sourceDir: source }, quiet);
    // As `svc docs build -o $SVC_DATA_DIR/docs-site` leaves it: no fingerprint of a server's build.
    rmSync(join(dataDir, 'docs-site', FINGERPRINT_FILE));
    await runStart(dataDir, async (base) => {
      const found = await (await fetch(`${base}/api/docs/search?q=retry`)).json();
      expect(found.results[0].pageId).toBe('reference/limits');
    });
  }, 180_000);
});
