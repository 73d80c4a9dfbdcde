// Runs before every pack of @svc/cli (`prepack`: the install test's `pnpm pack` and the
// release's `changeset publish` alike): refuses a tarball that would not install and run on its
// own — no build, or a dist file importing a package that is neither bundled nor an optional peer
// dependency (a workspace package left external would 404 on a user's machine).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const allowed = new Set(Object.keys(manifest.peerDependencies ?? {}));
const builtins = new Set(builtinModules);

if (!existsSync(join(dist, 'bin.js'))) {
  console.error('@svc/cli: dist/bin.js is missing; build first (turbo run build --filter=@svc/cli...)');
  process.exit(1);
}
if (Object.keys(manifest.dependencies ?? {}).length > 0) {
  console.error('@svc/cli: has dependencies; everything it needs is bundled or an optional peer');
  process.exit(1);
}

// esbuild's output: import/export statements at the start of a line, and `import("x")`.
const specifiers = [
  /^\s*(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)";?$/gm,
  /^\s*import\s*"([^"]+)";?$/gm,
  /\bimport\(\s*"([^"]+)"\s*\)/g,
];
const problems = [];
for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
  const text = readFileSync(join(dist, file), 'utf8');
  for (const [, name] of specifiers.flatMap((pattern) => [...text.matchAll(pattern)])) {
    if (name.startsWith('.') || name.startsWith('node:') || builtins.has(name)) continue;
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    if (!allowed.has(pkg)) problems.push(`dist/${file} imports '${name}'`);
  }
}
if (problems.length > 0) {
  console.error(
    `@svc/cli: imports that are neither bundled nor optional peer dependencies:\n  ${[...new Set(problems)].join('\n  ')}`,
  );
  process.exit(1);
}
