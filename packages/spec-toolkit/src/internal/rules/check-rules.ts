import { HTTP_METHODS, type SpecVersion } from '../../types.js';
import type { Finding } from '../checks/finding.js';
import { endRefScanFold, foldEntry, type RefScanFold } from '../checks/ref-scan-fold.js';
import { isPlainObject } from '../json-pointer.js';
import { createExampleChecker, type ExampleChecker } from './example-rules.js';
import { checkDocumentStyle, checkTags } from './info-and-tag-rules.js';
import { checkMarkdown, checkRootMarkdown } from './markdown-rules.js';
import { checkOperationRules } from './operation-rules.js';
import { checkPathKeys } from './path-rules.js';
import { child, type Place, pointerOf as pointerOfPlace, type RuleContext, report } from './rule-context.js';
import { checkRefSiblings, walkSchema } from './schema-rules.js';
import { checkSecurity, checkServers, readSchemes, type SchemeScopes } from './server-and-security-rules.js';

/** Where path items sit: under `paths`, in a callback, or a webhook (3.1 `webhooks`, 3.0 `x-webhooks`). */
type Section = 'paths' | 'callback' | 'webhook';

/** What the per-node visitors share during one walk. */
export interface Walk {
  context: RuleContext;
  examples: ExampleChecker;
  schemes: SchemeScopes;
}

/**
 * The catalogue's semantic rules in one walk of the OpenAPI structure: root, paths (keys and
 * path items), operations, parameters, bodies, responses, webhooks (3.1 `webhooks`, 3.0
 * `x-webhooks`) and components, each object visited once where it is defined (a `$ref` is
 * resolved only to check an example against a schema, never walked again). Rules are
 * dispatched per node kind; pointers are built only for findings.
 */
export function checkRules(
  doc: Record<string, unknown>,
  version: SpecVersion,
  strict: boolean,
  fold?: RefScanFold,
): Finding[] {
  const context: RuleContext = { doc, version, strict, findings: [] };
  const walk: Walk = { context, examples: createExampleChecker(context), schemes: readSchemes(context) };
  checkTags(context);
  if (strict) {
    checkDocumentStyle(context);
    checkRootMarkdown(context);
  }
  if (version !== '2.0') checkServers(context, doc.servers, { parent: null, token: 'servers' });
  checkSecurity(context, walk.schemes, doc.security, { parent: null, token: 'security' });
  if (isPlainObject(doc.paths)) {
    checkPathKeys(context, doc.paths);
    walkPathItems(walk, doc.paths, { parent: null, token: 'paths' }, 'paths');
  }
  const hooks = version === '3.0' ? doc['x-webhooks'] : version === '2.0' ? undefined : doc.webhooks;
  if (isPlainObject(hooks))
    walkPathItems(
      walk,
      hooks,
      { parent: null, token: version === '3.0' ? 'x-webhooks' : 'webhooks' },
      'webhook',
    );
  if (version === '2.0') walkSwaggerComponents(walk, fold);
  else if (isPlainObject(doc.components)) walkComponents(walk, doc.components, fold);
  return context.findings;
}

/**
 * The schemas section (`components.schemas`, 2.0 `definitions`), with the reference scan's work
 * on it when `fold` is given (see ref-scan-fold.ts).
 */
function walkSchemaSection(
  walk: Walk,
  schemas: Record<string, unknown>,
  place: Place,
  fold: RefScanFold | undefined,
): void {
  const { context } = walk;
  if (fold === undefined || fold.section !== schemas) {
    for (const name in schemas) walkSchema(context, walk.examples, schemas[name], place, name);
    return;
  }
  context.refScanFold = fold;
  try {
    for (const name in schemas) {
      foldEntry(fold, schemas[name], fold.level, true);
      walkSchema(context, walk.examples, schemas[name], place, name);
    }
  } finally {
    context.refScanFold = undefined;
    endRefScanFold();
  }
}

function walkPathItems(walk: Walk, items: Record<string, unknown>, place: Place, section: Section): void {
  for (const name in items) {
    if (name.startsWith('x-')) continue;
    walkPathItem(walk, items[name], child(place, name), section);
  }
}

function walkPathItem(walk: Walk, item: unknown, place: Place, section: Section): void {
  if (!isPlainObject(item) || typeof item.$ref === 'string') return;
  const { context } = walk;
  // Places are built only for members that are there: most operations have few of them.
  if (context.version !== '2.0' && item.servers !== undefined)
    checkServers(context, item.servers, child(place, 'servers'));
  if (Array.isArray(item.parameters)) walkParameters(walk, item.parameters, child(place, 'parameters'));
  for (const method of HTTP_METHODS) {
    const operation = item[method];
    if (isPlainObject(operation)) walkOperation(walk, item, operation, child(place, method), section);
  }
  if (isPlainObject(item.additionalOperations)) {
    const at = child(place, 'additionalOperations');
    for (const method in item.additionalOperations) {
      const operation = item.additionalOperations[method];
      if (isPlainObject(operation)) walkOperation(walk, item, operation, child(at, method), section);
    }
  }
  if (isPlainObject(item.query)) walkOperation(walk, item, item.query, child(place, 'query'), section);
}

function walkOperation(
  walk: Walk,
  item: Record<string, unknown>,
  operation: Record<string, unknown>,
  place: Place,
  section: Section,
): void {
  const { context } = walk;
  checkOperationRules(context, item, operation, place);
  if (context.strict) checkMarkdown(context, operation, place);
  if (section !== 'paths') checkNesting(context, item, operation, place, section);
  if (operation.security !== undefined)
    checkSecurity(context, walk.schemes, operation.security, child(place, 'security'));
  if (context.version !== '2.0' && operation.servers !== undefined)
    checkServers(context, operation.servers, child(place, 'servers'));
  if (Array.isArray(operation.parameters))
    walkParameters(walk, operation.parameters, child(place, 'parameters'));
  const body = operation.requestBody;
  if (isPlainObject(body) && typeof body.$ref !== 'string' && isPlainObject(body.content))
    walkContent(walk, body.content, child(child(place, 'requestBody'), 'content'));
  if (isPlainObject(operation.responses)) {
    const at = child(place, 'responses');
    for (const code in operation.responses) {
      const response = operation.responses[code];
      // A referenced response is walked where it is defined: no place is built for it here.
      if (!code.startsWith('x-') && isPlainObject(response) && typeof response.$ref !== 'string')
        walkResponse(walk, response, child(at, code));
    }
  }
  if (isPlainObject(operation.callbacks)) {
    const at = child(place, 'callbacks');
    for (const name in operation.callbacks) {
      const callback = operation.callbacks[name];
      if (isPlainObject(callback) && typeof callback.$ref !== 'string')
        walkPathItems(walk, callback, child(at, name), 'callback');
    }
  }
}

function walkParameters(walk: Walk, list: unknown, place: Place): void {
  if (!Array.isArray(list)) return;
  const strict = walk.context.strict;
  for (let index = 0; index < list.length; index++) {
    const parameter = list[index];
    // A referenced parameter is walked where it is defined (strict still checks its siblings).
    if (!strict && isPlainObject(parameter) && typeof parameter.$ref === 'string') continue;
    walkParameter(walk, parameter, child(place, index));
  }
}

/** A parameter or header object defined here (a `$ref` is walked at its target). */
function walkParameter(walk: Walk, parameter: unknown, place: Place, isHeader = false): void {
  if (!isPlainObject(parameter)) return;
  const { context } = walk;
  if (context.strict) checkMarkdown(context, parameter, place);
  if (typeof parameter.$ref === 'string') {
    if (context.strict && (context.version === '2.0' || context.version === '3.0'))
      checkRefSiblings(context, parameter, place);
    return;
  }
  if (!isHeader && parameter.in === 'path' && parameter.required !== true) {
    const pointer = pointerOfPlace(place);
    report(
      context,
      'SPEC_PATH_PARAM_NOT_REQUIRED',
      pointer,
      `Path parameter "${String(parameter.name)}" must be "required: true": a path parameter is always part of the URL.`,
      [
        { path: pointer, property: 'required' },
        { path: pointer, property: 'in' },
        { path: pointer, keyword: 'oneOf' },
        { path: pointer, keyword: 'required' },
      ],
    );
  }
  if (context.version === '2.0') {
    if (parameter.in === 'body') walkSchema(context, walk.examples, parameter.schema, place, 'schema');
    else walkSchema(context, walk.examples, parameter, place);
    return;
  }
  const schema = parameter.schema;
  if (isPlainObject(schema)) walkSchema(context, walk.examples, schema, place, 'schema');
  if (schema !== undefined) {
    if (parameter.example !== undefined)
      walk.examples.checkMember(
        schema,
        parameter.example,
        place,
        'example',
        'SPEC_PARAMETER_EXAMPLE_INVALID',
      );
    if (isPlainObject(parameter.examples))
      walk.examples.checkMap(
        schema,
        parameter.examples,
        child(place, 'examples'),
        'SPEC_PARAMETER_EXAMPLE_INVALID',
      );
  }
  if (isPlainObject(parameter.content)) walkContent(walk, parameter.content, child(place, 'content'));
}

function walkContent(walk: Walk, content: unknown, place: Place): void {
  if (!isPlainObject(content)) return;
  const { context, examples } = walk;
  for (const type in content) {
    const media = content[type];
    if (!isPlainObject(media)) continue;
    const at = child(place, type);
    const schema = media.schema;
    if (isPlainObject(schema)) walkSchema(context, examples, schema, at, 'schema');
    if (isPlainObject(media.examples)) {
      const examplesAt = child(at, 'examples');
      checkExampleObjects(context, media.examples, examplesAt);
      if (schema !== undefined) examples.checkMap(schema, media.examples, examplesAt);
    } else if (media.example !== undefined && schema !== undefined) {
      examples.checkMember(schema, media.example, at, 'example');
    }
    if (isPlainObject(media.encoding)) {
      const encodingAt = child(at, 'encoding');
      for (const name in media.encoding) {
        const encoding = media.encoding[name];
        if (isPlainObject(encoding) && isPlainObject(encoding.headers))
          walkHeaders(walk, encoding.headers, child(child(encodingAt, name), 'headers'));
      }
    }
  }
}

function walkHeaders(walk: Walk, headers: Record<string, unknown>, place: Place): void {
  for (const name in headers) walkParameter(walk, headers[name], child(place, name), true);
}

function walkResponse(walk: Walk, response: unknown, place: Place): void {
  if (!isPlainObject(response) || typeof response.$ref === 'string') return;
  const { context } = walk;
  if (context.strict) checkMarkdown(context, response, place);
  if (isPlainObject(response.headers)) walkHeaders(walk, response.headers, child(place, 'headers'));
  if (context.version !== '2.0') {
    if (isPlainObject(response.content)) walkContent(walk, response.content, child(place, 'content'));
    return;
  }
  walkSchema(context, walk.examples, response.schema, place, 'schema');
  // 2.0: `examples` maps a media type to an example of the response schema.
  if (isPlainObject(response.examples) && response.schema !== undefined) {
    const at = child(place, 'examples');
    for (const type in response.examples) {
      if (/json/i.test(type)) walk.examples.check(response.schema, response.examples[type], child(at, type));
    }
  }
}

/** Example objects of an `examples` map defined here: `value` and `externalValue` exclude each other. */
function checkExampleObjects(context: RuleContext, examples: Record<string, unknown>, place: Place): void {
  for (const name in examples) {
    const example = examples[name];
    if (!isPlainObject(example) || example.value === undefined || example.externalValue === undefined)
      continue;
    report(
      context,
      'SPEC_EXAMPLE_VALUE_AND_EXTERNAL',
      child(place, name),
      'Example has both "value" and "externalValue": keep one.',
    );
  }
}

function walkComponents(walk: Walk, components: Record<string, unknown>, fold?: RefScanFold): void {
  const { context } = walk;
  const root: Place = { parent: null, token: 'components' };
  const section = (name: string): [Record<string, unknown>, Place] | undefined => {
    const value = components[name];
    return isPlainObject(value) ? [value, child(root, name)] : undefined;
  };
  const schemas = section('schemas');
  if (schemas) walkSchemaSection(walk, schemas[0], schemas[1], fold);
  const parameters = section('parameters');
  if (parameters)
    for (const name in parameters[0]) walkParameter(walk, parameters[0][name], child(parameters[1], name));
  const headers = section('headers');
  if (headers) walkHeaders(walk, headers[0], headers[1]);
  const responses = section('responses');
  if (responses)
    for (const name in responses[0]) walkResponse(walk, responses[0][name], child(responses[1], name));
  const bodies = section('requestBodies');
  if (bodies) {
    for (const name in bodies[0]) {
      const body = bodies[0][name];
      if (isPlainObject(body) && typeof body.$ref !== 'string')
        walkContent(walk, body.content, child(child(bodies[1], name), 'content'));
    }
  }
  const examples = section('examples');
  if (examples) checkExampleObjects(context, examples[0], examples[1]);
  const pathItems = section('pathItems');
  if (pathItems) walkPathItems(walk, pathItems[0], pathItems[1], 'paths');
  const callbacks = section('callbacks');
  if (callbacks) {
    for (const name in callbacks[0]) {
      const callback = callbacks[0][name];
      if (isPlainObject(callback)) walkPathItems(walk, callback, child(callbacks[1], name), 'callback');
    }
  }
}

function walkSwaggerComponents(walk: Walk, fold?: RefScanFold): void {
  const { context } = walk;
  const doc = context.doc;
  if (isPlainObject(doc.definitions)) {
    walkSchemaSection(walk, doc.definitions, { parent: null, token: 'definitions' }, fold);
  }
  if (isPlainObject(doc.parameters)) {
    const at: Place = { parent: null, token: 'parameters' };
    for (const name in doc.parameters) walkParameter(walk, doc.parameters[name], child(at, name));
  }
  if (isPlainObject(doc.responses)) {
    const at: Place = { parent: null, token: 'responses' };
    for (const name in doc.responses) walkResponse(walk, doc.responses[name], child(at, name));
  }
}

/**
 * Callbacks inside callbacks, and servers or callbacks on webhooks: allowed by the schema, but
 * meaningless (a webhook is called by the API, at the address its subscriber registered).
 */
function checkNesting(
  context: RuleContext,
  item: Record<string, unknown>,
  operation: Record<string, unknown>,
  place: Place,
  section: Section,
): void {
  if (operation.callbacks !== undefined) {
    report(
      context,
      section === 'callback' ? 'SPEC_CALLBACK_NESTED' : 'SPEC_WEBHOOK_CALLBACKS',
      child(place, 'callbacks'),
      section === 'callback'
        ? 'A callback operation declares "callbacks" of its own: callbacks do not nest; move them to the operation that registers them.'
        : 'A webhook declares "callbacks": the API calls a webhook, so nothing registers a callback there; drop them.',
    );
  }
  if (section === 'webhook') {
    // The path item's servers, then the operation's (two calls, not a loop over a list built per operation).
    if (item.servers !== undefined && place.parent !== null) reportWebhookServers(context, place.parent);
    if (operation.servers !== undefined) reportWebhookServers(context, place);
  }
}

function reportWebhookServers(context: RuleContext, owner: Place): void {
  report(
    context,
    'SPEC_WEBHOOK_SERVERS',
    child(owner, 'servers'),
    'A webhook declares "servers": the subscriber chooses where webhooks go, so drop them.',
  );
}
