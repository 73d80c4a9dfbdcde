import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { findMissingDependency, isMissingDependencyError, OPTIONAL_FEATURES } from './optional-dependency.js';

function notFound(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('optional dependencies of @svc/cli', () => {
  it('are exactly the optional peer dependencies in package.json, none of them a dependency', () => {
    const listed = OPTIONAL_FEATURES.flatMap((entry) => entry.packages).sort();
    expect(Object.keys(packageJson.peerDependencies).sort()).toEqual(listed);
    for (const name of listed)
      expect(packageJson.peerDependenciesMeta).toHaveProperty([name, 'optional'], true);
    expect(packageJson).not.toHaveProperty('dependencies');
  });

  it('turn a failed import of one of them into a typed error naming the install command', () => {
    const error = findMissingDependency(
      notFound('ERR_MODULE_NOT_FOUND', "Cannot find package 'pdf-lib' imported from /x/dist/chunk.js"),
    );
    expect(isMissingDependencyError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'CLI_DEPENDENCY_MISSING',
      packages: ['pdf-lib', '@pdf-lib/fontkit', 'dejavu-fonts-ttf'],
      install: 'npm install pdf-lib@1.17.1 @pdf-lib/fontkit@^1.1.1 dejavu-fonts-ttf@2.37.3',
    });
  });

  it('find the missing package behind a wrapping error and in a require.resolve of a file in it', () => {
    const wrapped = new Error('Extracting the API needs the typescript package', {
      cause: notFound('ERR_MODULE_NOT_FOUND', "Cannot find package 'typescript' imported from /x"),
    });
    expect(findMissingDependency(wrapped)?.message).toBe(
      "API reference pages need typescript, an optional dependency of @svc/cli that is not installed. Install it beside @svc/cli: npm install 'typescript@>=5.0.0'",
    );
    const font = notFound('MODULE_NOT_FOUND', "Cannot find module 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf'");
    expect(findMissingDependency(font)?.packages).toContain('dejavu-fonts-ttf');
  });

  it('leave every other failure alone, a missing package they do not know included', () => {
    expect(
      findMissingDependency(notFound('ERR_MODULE_NOT_FOUND', "Cannot find package 'left-pad'")),
    ).toBeUndefined();
    expect(findMissingDependency(new TypeError("Cannot read 'pdf-lib'"))).toBeUndefined();
    expect(findMissingDependency('pdf-lib')).toBeUndefined();
  });
});
