#!/usr/bin/env node
import { runCli } from './run-cli.js';

// A reader that stops early (`svc spec build x.json | head`) closes the pipe: that is not an
// error worth a stack trace, and nothing more can be written anyway.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
