import type { SpecVersion } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import { listOperations } from '../spec-model.js';
import { type Finding, warningAt } from './finding.js';

/** Reusable sections whose entries should be referenced somewhere, per version. */
function componentSections(
  doc: Record<string, unknown>,
  version: SpecVersion,
): [string, Record<string, unknown>][] {
  if (version === '2.0') {
    return (['definitions', 'parameters', 'responses'] as const)
      .filter((name) => isPlainObject(doc[name]))
      .map((name) => [`/${name}`, doc[name] as Record<string, unknown>]);
  }
  const components = doc.components;
  if (!isPlainObject(components)) return [];
  return Object.entries(components)
    .filter(
      ([name, section]) => name !== 'securitySchemes' && !name.startsWith('x-') && isPlainObject(section),
    )
    .map(([name, section]) => [joinPointer('/components', name), section as Record<string, unknown>]);
}

/** Style warnings of `options.strict`: never errors, never affect validity. */
export function checkStyle(
  doc: Record<string, unknown>,
  version: SpecVersion,
  refTargets: readonly string[],
): Finding[] {
  const findings: Finding[] = [];
  const info = isPlainObject(doc.info) ? doc.info : undefined;
  if (info && typeof info.description !== 'string') {
    findings.push(warningAt('SPEC_STYLE_INFO_DESCRIPTION_MISSING', '/info', '"info" has no description.'));
  }
  if (version === '2.0' ? doc.host === undefined : !Array.isArray(doc.servers) || doc.servers.length === 0) {
    const what = version === '2.0' ? '"host"' : '"servers"';
    findings.push(
      warningAt(
        'SPEC_STYLE_NO_SERVERS',
        '',
        `The document declares no ${what}: clients cannot tell where the API lives.`,
      ),
    );
  }
  const declaredTags = new Set(
    (Array.isArray(doc.tags) ? doc.tags : [])
      .map((tag) => (isPlainObject(tag) ? tag.name : undefined))
      .filter((n) => typeof n === 'string'),
  );
  const seen = new Set<string>();
  for (const entry of listOperations(doc)) {
    if (seen.has(entry.pointer)) continue;
    seen.add(entry.pointer);
    const { operation, pointer } = entry;
    const label = `${entry.method.toUpperCase()} ${entry.path}`;
    if (typeof operation.operationId !== 'string') {
      findings.push(warningAt('SPEC_STYLE_OPERATION_ID_MISSING', pointer, `${label} has no operationId.`));
    }
    if (typeof operation.summary !== 'string')
      findings.push(warningAt('SPEC_STYLE_SUMMARY_MISSING', pointer, `${label} has no summary.`));
    if (typeof operation.description !== 'string') {
      findings.push(warningAt('SPEC_STYLE_DESCRIPTION_MISSING', pointer, `${label} has no description.`));
    }
    const tags = Array.isArray(operation.tags) ? operation.tags : [];
    if (tags.length === 0)
      findings.push(warningAt('SPEC_STYLE_TAGS_MISSING', pointer, `${label} has no tags.`));
    tags.forEach((tag, index) => {
      if (typeof tag === 'string' && !declaredTags.has(tag)) {
        findings.push(
          warningAt(
            'SPEC_STYLE_TAG_UNDECLARED',
            joinPointer(joinPointer(pointer, 'tags'), index),
            `Tag "${tag}" is not declared in the top-level "tags".`,
          ),
        );
      }
    });
    const responses = isPlainObject(operation.responses) ? Object.keys(operation.responses) : [];
    if (responses.length > 0 && !responses.some((code) => /^4(\d\d|XX)$/i.test(code))) {
      findings.push(
        warningAt(
          'SPEC_STYLE_NO_4XX_RESPONSE',
          joinPointer(pointer, 'responses'),
          `${label} documents no 4xx response.`,
        ),
      );
    }
    if (entry.path.length > 1 && entry.path.endsWith('/')) {
      findings.push(
        warningAt(
          'SPEC_STYLE_PATH_TRAILING_SLASH',
          entry.pathItemPointer,
          `Path "${entry.path}" ends with a slash.`,
        ),
      );
    }
  }
  // A component counts as used when a reference points at it or anywhere inside it.
  const referenced = new Set<string>();
  for (const target of refTargets) {
    for (let end = target.length; end > 0; end = target.lastIndexOf('/', end - 1)) {
      const prefix = target.slice(0, end);
      if (referenced.has(prefix)) break;
      referenced.add(prefix);
    }
  }
  const isReferenced = (at: string): boolean => referenced.has(at);
  for (const [sectionPointer, section] of componentSections(doc, version)) {
    for (const name of Object.keys(section)) {
      if (name.startsWith('x-')) continue;
      const at = joinPointer(sectionPointer, name);
      if (!isReferenced(at))
        findings.push(warningAt('SPEC_STYLE_COMPONENT_UNUSED', at, `${at.slice(1)} is never referenced.`));
    }
  }
  return findings;
}
