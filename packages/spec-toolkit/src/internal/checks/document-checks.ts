import type { SpecVersion } from '../../types.js';
import { appendAll } from '../append-all.js';
import { isPlainObject } from '../json-pointer.js';
import type { DeclaredVersion } from '../spec-model.js';
import { isOas31OrLater } from '../spec-model.js';
import { errorAt, type Finding } from './finding.js';

const SUPPORTED = 'Swagger "2.0", OpenAPI "3.0.x", "3.1.x" or "3.2.x"';

/** The version field, `info`, `info.title`, `info.version`, and `paths` where required. */
export function checkDocument(doc: Record<string, unknown>, declared: DeclaredVersion): Finding[] {
  const findings: Finding[] = [];
  if (declared.field === null) {
    findings.push(
      errorAt(
        'SPEC_VERSION_MISSING',
        '',
        `The document declares no version: add "openapi" (3.0.x, 3.1.x or 3.2.x) or "swagger": "2.0".`,
        [
          { path: '', property: 'openapi' },
          { path: '', property: 'swagger' },
        ],
      ),
    );
  } else if (declared.version === null) {
    findings.push(
      errorAt(
        'SPEC_VERSION_UNSUPPORTED',
        `/${declared.field}`,
        `Version ${JSON.stringify(declared.raw)} is not supported: expected ${SUPPORTED}.`,
        [{ path: `/${declared.field}` }],
      ),
    );
  }
  const info = doc.info;
  if (info === undefined) {
    findings.push(
      errorAt('SPEC_INFO_MISSING', '', 'The document has no "info" object.', [
        { path: '', property: 'info' },
      ]),
    );
  } else if (isPlainObject(info)) {
    for (const field of ['title', 'version'] as const) {
      if (info[field] !== undefined) continue;
      const code = field === 'title' ? 'SPEC_INFO_TITLE_MISSING' : 'SPEC_INFO_VERSION_MISSING';
      findings.push(
        errorAt(code, '/info', `"info" has no "${field}".`, [{ path: '/info', property: field }]),
      );
    }
  }
  appendAll(findings, checkPathsPresent(doc, declared.version));
  return findings;
}

function checkPathsPresent(doc: Record<string, unknown>, version: SpecVersion | null): Finding[] {
  if (doc.paths !== undefined) return [];
  if (isOas31OrLater(version)) {
    if (doc.webhooks !== undefined || doc.components !== undefined) return [];
    return [
      errorAt(
        'SPEC_PATHS_MISSING',
        '',
        'An OpenAPI 3.1 or 3.2 document needs at least one of "paths", "webhooks" or "components".',
        [
          { path: '', keyword: 'anyOf' },
          { path: '', property: 'paths' },
          { path: '', property: 'webhooks' },
          { path: '', property: 'components' },
        ],
      ),
    ];
  }
  return [
    errorAt('SPEC_PATHS_MISSING', '', 'The document has no "paths" object.', [
      { path: '', property: 'paths' },
    ]),
  ];
}
