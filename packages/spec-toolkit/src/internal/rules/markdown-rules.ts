import { isPlainObject } from '../json-pointer.js';
import { child, type Place, type PlaceSource, type RuleContext, report } from './rule-context.js';

const SCRIPT_TAG = /<script/i;
const EVAL_CALL = /eval\(/i;

/**
 * Strict only: a `title`, `summary` or `description` of `node` holding a `<script` tag or an
 * `eval(` call, which documentation rendered from the description would run (Spectral's
 * no-script-tags-in-markdown and no-eval-in-markdown). Reads three members, so it can run on
 * every object the rule walk visits.
 */
export function checkMarkdown(
  context: RuleContext,
  node: Record<string, unknown>,
  place: Place | PlaceSource,
): void {
  for (const key of ['title', 'summary', 'description'] as const) {
    const text = node[key];
    if (typeof text !== 'string' || text.length < 6) continue;
    const script = SCRIPT_TAG.test(text);
    const evaluates = EVAL_CALL.test(text);
    if (!script && !evaluates) continue;
    const at = child('placeOf' in place ? place.placeOf() : place, key);
    if (script) {
      report(
        context,
        'SPEC_STYLE_MARKDOWN_SCRIPT_TAG',
        at,
        `"${key}" holds a <script> tag: documentation rendered from it would run the script; remove it.`,
      );
    }
    if (evaluates) {
      report(
        context,
        'SPEC_STYLE_MARKDOWN_EVAL',
        at,
        `"${key}" holds "eval(": documentation rendered from it could run it; remove it.`,
      );
    }
  }
}

/** The root's `info`, and the servers, tags and security schemes the rule walk does not visit. */
export function checkRootMarkdown(context: RuleContext): void {
  const doc = context.doc;
  if (isPlainObject(doc.info)) checkMarkdown(context, doc.info, { parent: null, token: 'info' });
  for (const key of ['servers', 'tags'] as const) {
    const list = doc[key];
    if (!Array.isArray(list)) continue;
    const at: Place = { parent: null, token: key };
    list.forEach((entry, index) => {
      if (isPlainObject(entry)) checkMarkdown(context, entry, child(at, index));
    });
  }
  const schemes =
    context.version === '2.0'
      ? doc.securityDefinitions
      : isPlainObject(doc.components)
        ? doc.components.securitySchemes
        : undefined;
  if (isPlainObject(schemes)) {
    const at: Place =
      context.version === '2.0'
        ? { parent: null, token: 'securityDefinitions' }
        : { parent: { parent: null, token: 'components' }, token: 'securitySchemes' };
    for (const name in schemes) {
      const scheme = schemes[name];
      if (isPlainObject(scheme)) checkMarkdown(context, scheme, child(at, name));
    }
  }
}
