import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDocsFolder, extractApis, readRepoPackages, writeSiteFiles } from '@svc/docs-reader/node';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import { findServerRepoRoot } from '../docs/docs-bundled-site.js';
import { testDatabaseTargets } from './test-databases.js';

/** A site built from svc's own docs with the API page of `@svc/spec-toolkit` (the one API extracted, to keep tests quick). */
export async function buildRepoTestSite(): Promise<{ siteDir: string; remove(): void }> {
  const root = findServerRepoRoot();
  if (!root) throw new Error('the docs tests run inside the svc repository');
  const packages = await readRepoPackages({
    root,
    scope: '@svc/',
    docsDir: join(root, 'docs'),
    extractApi: false,
  });
  const entry = 'packages/spec-toolkit/src/index.ts';
  const apis = await extractApis(root, [entry]);
  const specToolkit = packages.find((info) => info.name === '@svc/spec-toolkit');
  if (specToolkit) specToolkit.api = { entry, symbols: apis.get(entry) ?? [] };
  const built = await buildDocsFolder({ sourceDir: join(root, 'docs'), sourceRoot: 'docs', packages });
  const dir = mkdtempSync(join(tmpdir(), 'svc-docs-site-'));
  await writeSiteFiles(dir, built.files);
  return { siteDir: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A server on SQLite serving the given docs options, listening on a loopback port. */
export async function startDocsServer(docs: Parameters<typeof buildServer>[0]['docs']): Promise<{
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}> {
  const [sqlite] = testDatabaseTargets();
  if (!sqlite) throw new Error('no SQLite target');
  const database = await sqlite.open();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-docs-data-'));
  const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', SVC_DATA_DIR: dataDir });
  const app = await buildServer({ config, database, docs });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    base: address,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
