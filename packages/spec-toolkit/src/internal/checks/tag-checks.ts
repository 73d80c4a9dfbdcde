import { isPlainObject } from '../json-pointer.js';
import { errorAt, type Finding } from './finding.js';

/**
 * OpenAPI 3.2 tag parents: a tag's `parent` must name a tag declared in `tags`, and following
 * parents must never come back to where it started (the tags form a tree).
 *
 * @example
 * checkTagParents({ tags: [{ name: 'cats', parent: 'animals' }] })[0]?.code; // 'SPEC_TAG_PARENT_UNKNOWN'
 */
export function checkTagParents(doc: Record<string, unknown>): Finding[] {
  if (!Array.isArray(doc.tags)) return [];
  const parents = new Map<string, string | undefined>();
  for (const tag of doc.tags) {
    if (isPlainObject(tag) && typeof tag.name === 'string' && !parents.has(tag.name))
      parents.set(tag.name, typeof tag.parent === 'string' ? tag.parent : undefined);
  }
  const findings: Finding[] = [];
  doc.tags.forEach((tag, index) => {
    if (!isPlainObject(tag) || typeof tag.parent !== 'string' || typeof tag.name !== 'string') return;
    const at = `/tags/${index}/parent`;
    if (!parents.has(tag.parent)) {
      findings.push(
        errorAt(
          'SPEC_TAG_PARENT_UNKNOWN',
          at,
          `Tag "${tag.name}" has parent "${tag.parent}", which is not declared in "tags".`,
        ),
      );
      return;
    }
    const seen = new Set([tag.name]);
    let current: string | undefined = tag.parent;
    while (current !== undefined) {
      if (seen.has(current)) {
        findings.push(
          errorAt(
            'SPEC_TAG_PARENT_CYCLE',
            at,
            `Tag "${tag.name}" is its own ancestor through "parent": tags must form a tree.`,
          ),
        );
        return;
      }
      seen.add(current);
      current = parents.get(current);
    }
  });
  return findings;
}
