// The README's run command. Until the server exists it runs the CLI on the bundled example
// spec, so a fresh clone shows the spec toolkit working end to end.
import { install, pnpm, run, step } from './pnpm.mjs';

step('install', install);
step('build', () =>
  pnpm(['exec', 'turbo', 'run', 'build', '--filter=@svc/cli...', '--output-logs=errors-only']),
);
const args = process.argv.slice(2);
const cliArgs = args.length > 0 ? args : ['spec', 'validate', 'apps/cli/examples/petstore.yaml', '--strict'];
process.stdout.write(`\n$ svc ${cliArgs.join(' ')}\n`);
process.exit(run(process.execPath, ['apps/cli/dist/bin.js', ...cliArgs]));
