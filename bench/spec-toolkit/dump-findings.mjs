// Prints every finding of `validate` (plain and strict) on every description of the bench corpus
// (GitHub's generated descriptions, ReadMe's examples) and the package's single-file fixtures, one
// line per finding with every field, so a speed change can be proved not to change a finding:
// run it on the build before and after, and compare the outputs byte for byte.
// Usage (from bench/): node spec-toolkit/dump-findings.mjs [path to a build's index.js] > out.txt
//   e.g. node spec-toolkit/dump-findings.mjs ../packages/spec-toolkit/.before/index.js > /tmp/before.txt
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const build = process.argv[2];
const { validate } = build ? await import(pathToFileURL(build).href) : await import('@svc/spec-toolkit');

const toolkitRoot = new URL('../../packages/spec-toolkit/', import.meta.url).pathname;
const toolkitRequire = createRequire(join(toolkitRoot, 'package.json'));
const benchRequire = createRequire(new URL('../package.json', import.meta.url));
const githubRoot = join(dirname(benchRequire.resolve('@octokit/openapi/package.json')), 'generated');
const examplesRoot = dirname(toolkitRequire.resolve('@readme/oas-examples/package.json'));
const fixturesRoot = join(toolkitRoot, 'test', 'fixtures');

/** Every file under `root` whose name ends with one of `endings`, sorted. */
function listFiles(root, endings) {
  const found = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) found.push(...listFiles(path, endings));
    else if (endings.some((ending) => name.endsWith(ending))) found.push(path);
  }
  return found;
}

const inputs = [
  ...listFiles(githubRoot, ['.json']).map((path) => ({ name: `github/${relative(githubRoot, path)}`, path })),
  ...listFiles(examplesRoot, ['.json', '.yaml'])
    .filter((path) => /^(2\.0|3\.0|3\.1)\//.test(relative(examplesRoot, path)))
    .map((path) => ({ name: `readme/${relative(examplesRoot, path)}`, path })),
  // Multi-file fixtures need a resolver; their entry text alone still exercises the checks.
  ...listFiles(fixturesRoot, ['.json', '.yaml']).map((path) => ({
    name: `fixtures/${relative(fixturesRoot, path)}`,
    path,
  })),
];

for (const input of inputs) {
  const text = readFileSync(input.path, 'utf8');
  for (const strict of [false, true]) {
    const result = validate({ spec: text, options: { strict } });
    const { valid, version, counts } = result;
    process.stdout.write(`# ${input.name} strict=${strict} ${JSON.stringify({ valid, version, counts })}\n`);
    for (const kind of ['errors', 'warnings']) {
      for (const diagnostic of result[kind]) {
        // Every field, positions included (read here, so lazily located findings are located).
        const { code, path, line, column, file, message, ...rest } = diagnostic;
        process.stdout.write(
          `${kind} ${JSON.stringify({ code, path, line, column, file, message, ...rest })}\n`,
        );
      }
    }
  }
}
