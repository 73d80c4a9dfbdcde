import { isPlainObject } from '../json-pointer.js';
import { resolveLocalValue } from '../spec-model.js';
import { child, type Place, type RuleContext, report } from './rule-context.js';

const URL_SAFE = /^[A-Za-z0-9\-._~:@!$&'()*+,;=/?%]*$/;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** Operation rules: operationId URL-safe, 2.0 body/form mix and `consumes`, success responses. */
export function checkOperationRules(
  context: RuleContext,
  item: Record<string, unknown>,
  operation: Record<string, unknown>,
  place: Place,
): void {
  const id = operation.operationId;
  if (typeof id === 'string' && !URL_SAFE.test(id)) {
    const bad = [...id].find((character) => !URL_SAFE.test(character)) ?? '';
    report(
      context,
      'SPEC_OPERATION_ID_NOT_URL_SAFE',
      child(place, 'operationId'),
      `operationId ${JSON.stringify(id)} holds ${JSON.stringify(bad)}, which is not URL-safe: use letters, digits and -._~ only.`,
    );
  }
  if (context.version === '2.0') checkSwaggerParameters(context, item, operation, place);
  if (context.strict) checkSuccessResponse(context, operation, place);
}

function checkSwaggerParameters(
  context: RuleContext,
  item: Record<string, unknown>,
  operation: Record<string, unknown>,
  place: Place,
): void {
  let body = false;
  let form = false;
  let file: string | undefined;
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolveLocalValue(context.doc, raw);
      if (!isPlainObject(parameter)) continue;
      if (parameter.in === 'body') body = true;
      if (parameter.in === 'formData') form = true;
      if (parameter.type === 'file' && file === undefined) file = String(parameter.name);
    }
  }
  if (!body && !form && file === undefined) return;
  if (body && form) {
    report(
      context,
      'SPEC_PARAMETER_BODY_AND_FORM',
      child(place, 'parameters'),
      'The operation has both a body parameter and formData parameters: a request has one body, so keep one kind.',
    );
  }
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : context.doc.consumes;
  const list = Array.isArray(consumes) ? consumes.filter((type) => typeof type === 'string') : [];
  const formConsumed = list.some((type: string) => FORM_TYPES.some((form) => type.startsWith(form)));
  if (file !== undefined && !formConsumed) {
    report(
      context,
      'SPEC_PARAMETER_FILE_CONSUMES',
      place,
      `Parameter "${file}" has type "file": the operation must consume "multipart/form-data" or "application/x-www-form-urlencoded".`,
    );
  } else if (form && !formConsumed) {
    report(
      context,
      'SPEC_PARAMETER_FORM_CONSUMES',
      place,
      'The operation has formData parameters: add "application/x-www-form-urlencoded" or "multipart/form-data" to "consumes".',
    );
  }
}

function checkSuccessResponse(context: RuleContext, operation: Record<string, unknown>, place: Place): void {
  const responses = operation.responses;
  if (!isPlainObject(responses)) return;
  let any = false;
  for (const code in responses) {
    if (code.startsWith('x-')) continue;
    any = true;
    if (/^[23]/.test(code) || code === 'default') return;
  }
  if (!any) return;
  report(
    context,
    'SPEC_STYLE_NO_2XX_RESPONSE',
    child(place, 'responses'),
    'The operation documents no 2xx or 3xx response.',
  );
}
