import { defineConfig } from 'tsup';

// The core and its testing helpers run anywhere (no Node built-ins); `./node` is the
// file-system and TypeScript adapter used by the CLI and the server.
export default defineConfig([
  {
    entry: ['src/index.ts', 'src/testing.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'neutral',
    treeshake: true,
  },
  {
    entry: ['src/node.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    external: ['typescript'],
  },
]);
