export type { CliIo, OutputStream } from './cli-io.js';
export { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-io.js';
export { runCli } from './run-cli.js';
