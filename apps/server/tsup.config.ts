import { defineConfig } from 'tsup';

export default defineConfig({
  // The docs site is built in a worker thread so a server starting without one stays responsive.
  entry: {
    start: 'src/start.ts',
    index: 'src/index.ts',
    'docs-build-worker': 'src/docs/docs-build-worker.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
