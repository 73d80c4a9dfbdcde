import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../package.json', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Absolute path of GitHub's REST description (3.0.3, ~13 MB), resolved from the bench package;
 * under `--quick` (run.mjs sets SVC_BENCH_SPEC_INPUT for its children) a tiny description instead.
 */
export function resolveGithubPath() {
  return (
    process.env.SVC_BENCH_SPEC_INPUT || require.resolve('@octokit/openapi/generated/api.github.com.json')
  );
}

/** GitHub's REST description as text, exactly as published. */
export function readGithubText() {
  return readFileSync(resolveGithubPath(), 'utf8');
}

/**
 * Removes one operation (from a path item that keeps other operations, so the path stays) and one
 * response (from another operation that keeps other responses), both picked deterministically.
 * Mutates `doc`; returns what was removed so the report can say what diff should find.
 */
export function removeOperationAndResponse(doc) {
  const paths = Object.entries(doc.paths);
  const operationsOf = (item) => METHODS.filter((method) => item[method] !== undefined);
  const [operationPath, operationItem] = paths.find(([, item]) => operationsOf(item).length >= 2);
  const removedMethod = operationsOf(operationItem).at(-1);
  delete operationItem[removedMethod];

  for (const [path, item] of paths) {
    for (const method of operationsOf(item)) {
      const codes = Object.keys(item[method].responses ?? {});
      if (codes.length < 2) continue;
      const code = codes.at(-1);
      delete item[method].responses[code];
      return {
        operation: `${removedMethod.toUpperCase()} ${operationPath}`,
        response: `${method.toUpperCase()} ${path} ${code}`,
      };
    }
  }
  throw new Error('No operation with two responses: the description changed shape.');
}
