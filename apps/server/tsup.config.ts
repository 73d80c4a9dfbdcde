import { defineConfig } from 'tsup';

export default defineConfig({
  // The docs site is built in a worker thread so a server starting without one stays responsive;
  // greps and user-supplied JSON Schemas run on threads of their own (src/threads), found beside
  // the bundle.
  entry: {
    start: 'src/app/start.ts',
    // Run once by an operator to move a SQLite install's rows into PostgreSQL.
    'copy-database': 'src/app/copy-database.ts',
    // `svc backup`: a consistent copy of the SQLite file while the server runs.
    backup: 'src/app/backup-database.ts',
    index: 'src/index.ts',
    'docs-build-worker': 'src/docs/docs-build-worker.ts',
    // Run by the package's build after tsup: svc's docs site into dist/docs-site, built once.
    'docs-bundle': 'src/docs/docs-bundle-entry.ts',
    'grep-thread': 'src/docs/grep-thread-entry.ts',
    'schema-thread': 'src/capabilities/schema-thread-entry.ts',
    // GET /api/admin/backup: the SQLite snapshot, off the event loop.
    'backup-thread': 'src/admin/backup-thread-entry.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
