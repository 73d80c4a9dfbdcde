import { isPlainObject } from '../json-pointer.js';
import { child, type Place, type RuleContext, report } from './rule-context.js';

const TAGS: Place = { parent: null, token: 'tags' };
const INFO: Place = { parent: null, token: 'info' };

/** Top-level tags: unique names; with strict, a description each. */
export function checkTags(context: RuleContext): void {
  const tags = context.doc.tags;
  if (!Array.isArray(tags)) return;
  const first = new Map<string, number>();
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index];
    if (!isPlainObject(tag) || typeof tag.name !== 'string') continue;
    const earlier = first.get(tag.name);
    if (earlier !== undefined) {
      report(
        context,
        'SPEC_TAG_DUPLICATE',
        child(TAGS, index),
        `Tag "${tag.name}" is declared twice (first at /tags/${earlier}): merge the two.`,
      );
    } else first.set(tag.name, index);
    if (context.strict && (typeof tag.description !== 'string' || tag.description.trim() === '')) {
      report(
        context,
        'SPEC_STYLE_TAG_DESCRIPTION_MISSING',
        child(TAGS, index),
        `Tag "${tag.name}" has no description.`,
      );
    }
  }
}

/** `info.contact` and `info.license` (with a URL or, 3.1+, an SPDX identifier): strict only. */
export function checkDocumentStyle(context: RuleContext): void {
  const info = context.doc.info;
  if (!isPlainObject(info)) return;
  if (info.contact === undefined) {
    report(
      context,
      'SPEC_STYLE_INFO_CONTACT_MISSING',
      INFO,
      '"info" has no "contact": say who answers questions about the API.',
    );
  }
  const license = info.license;
  if (license === undefined) {
    report(
      context,
      'SPEC_STYLE_LICENSE_MISSING',
      INFO,
      '"info" has no "license": name the terms the API is offered under.',
    );
  } else if (isPlainObject(license) && license.url === undefined && license.identifier === undefined) {
    report(
      context,
      'SPEC_STYLE_LICENSE_URL_MISSING',
      child(INFO, 'license'),
      `License ${JSON.stringify(license.name ?? '')} has no "url": link its text.`,
    );
  }
}
