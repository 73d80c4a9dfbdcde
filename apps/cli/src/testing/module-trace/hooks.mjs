// Module hooks for tests: report every module URL the process loads on stderr, so a test of the
// built executable can tell which command groups a run pulled in.
import { writeSync } from 'node:fs';

export async function load(url, context, next) {
  writeSync(2, `module-loaded ${url}\n`);
  return next(url, context);
}
