import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_DOCS } from '@svc/docs-reader/testing';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE, fingerprintDocsInputs } from './docs-fingerprint.js';
import { openDocsSite } from './open-docs-site.js';

/** A logger keeping the messages it was given. */
function createMessageLog(): FastifyBaseLogger & { messages: string[] } {
  const messages: string[] = [];
  const keep = (_fields: unknown, message?: string) => void messages.push(message ?? '');
  return { messages, info: keep, warn: keep, error: keep } as unknown as FastifyBaseLogger & {
    messages: string[];
  };
}

describe('a docs site built by the server, and its inputs changing', () => {
  let root: string;
  let sourceDir: string;
  let siteDir: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'svc-docs-fingerprint-'));
    sourceDir = join(root, 'docs');
    siteDir = join(root, 'site');
    for (const [path, content] of Object.entries(SAMPLE_DOCS)) {
      mkdirSync(dirname(join(sourceDir, path)), { recursive: true });
      writeFileSync(join(sourceDir, path), content);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is built once with its fingerprint, opened as it is while the inputs stay, and rebuilt when they change', async () => {
    const first = createMessageLog();
    await openDocsSite({ siteDir, sourceDir }, first);
    expect(first.messages).toEqual(['docs site built']);
    const inputs = { sourceDir, extractApi: true };
    const fingerprint = await fingerprintDocsInputs(inputs);
    expect(readFileSync(join(siteDir, FINGERPRINT_FILE), 'utf8').trim()).toBe(fingerprint);

    const second = createMessageLog();
    await openDocsSite({ siteDir, sourceDir }, second);
    expect(second.messages).toEqual(['docs site opened']);

    writeFileSync(join(sourceDir, 'reference', 'quotas.md'), '# Quotas\n\nEvery account keeps 64 MiB.\n');
    expect(await fingerprintDocsInputs(inputs)).not.toBe(fingerprint);
    const third = createMessageLog();
    const reader = await openDocsSite({ siteDir, sourceDir }, third);
    expect(third.messages).toEqual(['docs site built']);
    expect(reader?.search({ query: 'quotas' }).results[0]?.pageId).toBe('reference/quotas');
  });

  it('serves a prebuilt site without a fingerprint as it is, whatever the source', async () => {
    const prebuilt = join(root, 'prebuilt');
    await openDocsSite({ siteDir: prebuilt, sourceDir }, createMessageLog());
    rmSync(join(prebuilt, FINGERPRINT_FILE));
    writeFileSync(join(sourceDir, 'reference', 'other.md'), '# Other\n');
    const log = createMessageLog();
    await openDocsSite({ siteDir: prebuilt, sourceDir }, log);
    expect(log.messages).toEqual(['docs site opened']);
    expect(existsSync(join(prebuilt, 'docs', 'reference', 'other.md'))).toBe(false);
  });
});
