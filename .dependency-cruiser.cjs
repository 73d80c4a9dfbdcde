// The import rules of the monorepo, checked by dependency-cruiser in the test command
// (`node scripts/check-imports.mjs`, a step of `npm test`). A broken rule fails the run and
// names itself. The server's floors are explained in docs/server.md ("Floors").

const SERVER = '^apps/server/src/';

/**
 * The server's floors, lowest first; a folder imports only from floors below it (and packages).
 * Floor 5 is every other folder (each area, and `surfaces/`): it may import floors 1–4 and its
 * own folder, never another area. Floor 6 is `app/`; floor 7 `index.ts` and `testing/`.
 */
const FLOORS = [
  ['config', 'errors'],
  ['broadcast', 'db', 'events', 'mail', 'payments', 'redis', 'threads'],
  ['capabilities', 'plugins'],
  ['contracts'],
];
const below = (floor) => FLOORS.slice(0, floor - 1).flat();
const folders = (names) => `(${names.join('|')})`;
const SHARED = FLOORS.flat();

/**
 * Where import circles are refused. Every app is circle-free; a package joins this list once the
 * circles inside it are closed (its own issue), e.g. '^packages/gate/src/'.
 */
const CIRCLE_FREE = ['^apps/', '^packages/spec-toolkit/', '^packages/lmx-interpreters/'];

/** Tests (`*.test.ts`) and their support may import anything; the rules are for production code. */
const TESTS = '(\\.test\\.ts$|/src/testing/)';

/**
 * Production files that still import a testing/ folder, each with its reason; the list only
 * shrinks. A package's `src/testing.ts` is its `./testing` export, made of testing/ on purpose.
 */
const TESTING_IMPORTERS = [
  '/src/testing\\.ts$',
  // createMemorySiteStore is public API of @svc/docs-reader today (its index re-exports it).
  '^packages/docs-reader/src/index\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...FLOORS.map((names, index) => {
      const floor = index + 1;
      const allowed = [...below(floor), '$1'];
      return {
        name: floor === 1 ? 'server-floor-1-imports-packages-only' : `server-floor-${floor}-imports-floors-below-only`,
        comment: `apps/server floor ${floor} (${names.join(', ')}) imports only ${floor === 1 ? 'packages' : `floors 1–${floor - 1}`} and its own folder (docs/server.md, "Floors").`,
        severity: 'error',
        from: { path: `${SERVER}${folders(names)}/`, pathNot: TESTS },
        to: { path: SERVER, pathNot: `${SERVER}${folders(allowed)}/` },
      };
    }),
    {
      name: 'server-floor-5-areas-never-import-each-other',
      comment:
        'An apps/server area (or surfaces/) imports floors 1–4 and its own folder: never another area, app/, testing/ or index.ts. Areas meet through the registry or a contract in contracts/ (docs/server.md, "Floors").',
      severity: 'error',
      from: {
        path: `${SERVER}([^/]+)/`,
        pathNot: [`${SERVER}${folders([...SHARED, 'app', 'testing'])}/`, TESTS],
      },
      to: { path: SERVER, pathNot: `${SERVER}${folders([...SHARED, '$1'])}/` },
    },
    {
      name: 'server-floor-6-app-never-imports-testing',
      comment: 'apps/server app/ wires everything below it; testing/ and index.ts sit above it.',
      severity: 'error',
      from: { path: `${SERVER}app/`, pathNot: TESTS },
      to: { path: `${SERVER}(testing/|index\\.ts$)` },
    },
    {
      name: 'server-no-loose-files',
      comment: 'Every apps/server file lives in a floor folder; only index.ts sits in src/ itself.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+$`, pathNot: `${SERVER}index\\.ts$|${TESTS}` },
      to: {},
    },
    {
      name: 'only-tests-import-testing',
      comment:
        'Test support (a src/testing/ folder) is for tests: production code never imports it (STYLE.md 10).',
      severity: 'error',
      from: { pathNot: [TESTS, ...TESTING_IMPORTERS] },
      to: { path: '/src/testing/' },
    },
    {
      name: 'cores-never-import-apps',
      comment: 'A core (packages/*) never imports an app (apps/*): the apps wire the cores, not the reverse.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular',
      comment: `No import circles in ${CIRCLE_FREE.join(', ')} (packages join CIRCLE_FREE as theirs close).`,
      severity: 'error',
      from: { path: CIRCLE_FREE },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a floor is a floor for types too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
