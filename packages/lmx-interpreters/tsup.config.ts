import { defineConfig } from 'tsup';

export default defineConfig({
  // `worker` is the sandbox thread's entry; the runner finds it beside the built index.
  entry: {
    index: 'src/index.ts',
    testing: 'src/testing.ts',
    diagnostics: 'src/diagnostics-entry.ts',
    worker: 'src/runtime/worker-entry.ts',
  },
  format: ['esm', 'cjs'],
  dts: {
    entry: { index: 'src/index.ts', testing: 'src/testing.ts', diagnostics: 'src/diagnostics-entry.ts' },
  },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  shims: true,
  treeshake: true,
});
