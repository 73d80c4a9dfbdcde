import { defineConfig } from 'tsup';

// One build, so the command groups' lazy imports become shared chunks that both entries use;
// `src/bin.ts` carries its own `#!/usr/bin/env node` line, which esbuild keeps (and tsup then
// marks the file executable). Cleaning is safe with a single build and drops stale chunks.
export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts' },
  format: 'esm',
  // Types for the library entry (`runCli`); the executable needs none.
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
