import { defineConfig } from 'tsup';

// One build, so the command groups' lazy imports become shared chunks that both entries use;
// `src/bin.ts` carries its own `#!/usr/bin/env node` line, which esbuild keeps (and tsup then
// marks the file executable). Cleaning is safe with a single build and drops stale chunks.
//
// The workspace packages (`@svc/*`, not published) and the small libraries they need are bundled
// in, so the tarball installs on its own from the public registry and drops no other
// executable into `node_modules/.bin` (js-yaml has one). The heavy features' libraries stay
// external, as optional peer dependencies loaded on first use (package.json,
// `src/optional-dependency.ts`): typescript, the MCP SDK, the PDF stack.
export default defineConfig({
  entry: {
    bin: 'src/bin.ts',
    index: 'src/index.ts',
    // `svc lmx run` runs scripts in a worker that the interpreters locate as `./worker.js` next
    // to the module that starts it: bundled, that is this dist folder, so the worker is built here.
    worker: 'node_modules/@svc/lmx-interpreters/dist/worker.js',
  },
  format: 'esm',
  // Types for the library entry (`runCli`); the executable needs none.
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: false,
  clean: true,
  target: 'node20',
  platform: 'node',
  noExternal: [/^@svc\//, 'js-yaml', 're2js', 'eventsource-parser'],
});
