import packageJson from '../package.json' with { type: 'json' };

/**
 * The heavy features and the packages they load on first use. Each package is an optional peer
 * dependency of `@svc/cli` (package.json), so `npm install @svc/cli` leaves them out and the
 * `spec` commands install small; a test keeps this table and `peerDependencies` the same.
 */
export const OPTIONAL_FEATURES: readonly OptionalFeature[] = [
  { feature: 'PDF books', packages: ['pdf-lib', '@pdf-lib/fontkit', 'dejavu-fonts-ttf'] },
  { feature: 'MCP tools', packages: ['@modelcontextprotocol/server'] },
  { feature: 'API reference pages', packages: ['typescript'] },
];

/** One feature that needs packages the CLI does not install by itself. */
export interface OptionalFeature {
  /** Plural, as the message reads: "PDF books need pdf-lib, …". */
  feature: string;
  packages: readonly string[];
}

/** A command needs an optional dependency that is not installed; `install` is the command to run. */
export class MissingDependencyError extends Error {
  readonly code = 'CLI_DEPENDENCY_MISSING';
  readonly feature: string;
  readonly packages: readonly string[];
  readonly install: string;

  constructor(found: OptionalFeature, options?: { cause?: unknown }) {
    const ranges = packageJson.peerDependencies as Record<string, string>;
    // A range such as `>=5.0.0` is quoted, or the shell would read a redirection.
    const specs = found.packages.map((name) => `${name}@${ranges[name] ?? 'latest'}`);
    const install = `npm install ${specs.map((spec) => (/^[\w@/.^~-]+$/.test(spec) ? spec : `'${spec}'`)).join(' ')}`;
    const names = found.packages.join(', ').replace(/, ([^,]+)$/, ' and $1');
    const what =
      found.packages.length === 1
        ? 'an optional dependency of @svc/cli that is not installed. Install it'
        : 'optional dependencies of @svc/cli that are not installed. Install them';
    super(`${found.feature} need ${names}, ${what} beside @svc/cli: ${install}`, options);
    this.name = 'MissingDependencyError';
    this.feature = found.feature;
    this.packages = found.packages;
    this.install = install;
  }
}

/**
 * True when `error` is a {@link MissingDependencyError}.
 *
 * @example
 * if (isMissingDependencyError(error)) context.err.line(error.install);
 */
export function isMissingDependencyError(error: unknown): error is MissingDependencyError {
  return error instanceof MissingDependencyError;
}

/**
 * The typed error for a failure that is a missing optional package: Node's "cannot find
 * package" (ESM `import`) or "cannot find module" (`require.resolve` of a font file), found on
 * the error or its causes and naming a package of {@link OPTIONAL_FEATURES}. Undefined for
 * anything else, which stays the bug it is.
 *
 * @example
 * try { await buildBookPdf(args); } catch (error) { const missing = findMissingDependency(error); }
 */
export function findMissingDependency(error: unknown): MissingDependencyError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (isMissingDependencyError(current)) return current;
    const code = (current as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      const message = current.message;
      const found = OPTIONAL_FEATURES.find((entry) =>
        entry.packages.some((name) => message.includes(`'${name}'`) || message.includes(`'${name}/`)),
      );
      if (found) return new MissingDependencyError(found, { cause: error });
    }
    current = current.cause;
  }
  return undefined;
}
