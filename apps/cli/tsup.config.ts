import { defineConfig, type Options } from 'tsup';

// Two builds so that only the executable carries the shebang (tsup marks a file that starts
// with `#!` executable). Neither cleans: the builds run in parallel and a clean in one could
// delete the other's output; both always overwrite the same four files.
const shared: Options = {
  format: 'esm',
  dts: false,
  sourcemap: true,
  clean: false,
  target: 'node20',
  platform: 'node',
};

export default defineConfig([
  { ...shared, entry: { bin: 'src/bin.ts' }, banner: { js: '#!/usr/bin/env node' } },
  { ...shared, entry: { index: 'src/index.ts' } },
]);
