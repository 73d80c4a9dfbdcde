import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { BIN, runBin as runSpawned } from './testing/run-bin.js';
import { PETSTORE, PETSTORE_V2 } from './testing/run-in-process.js';

// These tests run the built executable, as a user or CI would: build first with
// `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/cli...`.
const runBin = (args: readonly string[], input?: string) =>
  runSpawned(args, input === undefined ? {} : { input });

describe('the built svc executable', () => {
  it('starts with a node shebang', () => {
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('prints its version', () => {
    expect(runBin(['--version'])).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });

  it('validates the bundled pet store in strict mode with exit 0', () => {
    const run = runBin(['spec', 'validate', PETSTORE, '--strict']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^✓ .*petstore\.yaml is valid OpenAPI 3\.0/);
  });

  it('reads a spec from stdin with - and exits 1 when it is invalid', () => {
    const run = runBin(['spec', 'validate', '-'], 'openapi: 3.0.3\ninfo: { title: T }\npaths: {}\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^<stdin>:2:\d+ {2}SPEC_INFO_VERSION_MISSING {2}/);
  });

  it('diffs stdin against a file and fails on breaking changes when asked', () => {
    const run = runBin(
      ['spec', 'diff', PETSTORE, '-', '--fail-on-breaking'],
      readFileSync(PETSTORE_V2, 'utf8'),
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Breaking changes');
  });

  it('exits 2 on a usage error', () => {
    const run = runBin(['spec', 'validate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('svc spec validate: missing <file>');
  });
});
