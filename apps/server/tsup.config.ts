import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/start.ts', 'src/index.ts'],
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
