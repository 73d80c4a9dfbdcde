// The README's run command: install, build the server and the command line (and what they
// depend on), then run the server.
// PORT, HOST, SVC_DATA_DIR (and every other variable in docs/gate/configuration.md) pass through
// from the environment; without them the server listens on 127.0.0.1:3000 with development
// defaults and an embedded SQLite file at ./data/svc.db, offline.
import { spawn } from 'node:child_process';
import { install, pnpm, root, step } from './pnpm.mjs';
import { START_BUILD_FILTERS } from './start-targets.mjs';

if (process.argv.length > 2) {
  process.stderr.write(
    'npm start runs the server and takes no arguments; configure it through the environment\n' +
      '(PORT=8080 npm start). It builds the command line too: then run node apps/cli/dist/bin.js.\n',
  );
  process.exit(2);
}

step('install', install);
step('build', () =>
  pnpm(['exec', 'turbo', 'run', 'build', ...START_BUILD_FILTERS, '--output-logs=errors-only']),
);

const shown = ['PORT', 'HOST', 'SVC_DATA_DIR', 'DATABASE_URL', 'NODE_ENV']
  .filter((name) => process.env[name])
  .map((name) => `${name}=${name === 'DATABASE_URL' ? '(set)' : process.env[name]}`);
process.stdout.write(`\n=== start: node apps/server/dist/start.js ${shown.join(' ')}\n`);

const server = spawn(process.execPath, ['apps/server/dist/start.js'], { cwd: root, stdio: 'inherit' });
// Forward stop signals so the server drains in-flight requests and closes the database (a
// terminal's Ctrl-C reaches it directly too; it ignores the repeat).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
