import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import { parse as parseSecureJson } from 'secure-json-parse';
import { ServerError } from '../errors/server-error.js';

/**
 * The deepest nesting of arrays and objects a JSON body may have. Far above any legitimate body
 * (a stored document may nest 32 levels, MAX_DOCUMENT_DEPTH, inside its envelope), far below what
 * makes a recursive walker (a validator, a serializer, the MCP SDK) overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The index of the first `[` or `{` that opens level `maxDepth + 1` of `text`, or -1 when the
 * text never nests that deep. One linear scan that skips strings (and their escapes), run before
 * `JSON.parse`, so a body of 100 000 brackets costs a loop, not a recursion.
 *
 * @example
 * findExcessiveNesting('[[[1]]]', 2); // 2
 * findExcessiveNesting('{"a":"[[["}', 1); // -1
 */
export function findExcessiveNesting(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > maxDepth) return index;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return -1;
}

/**
 * Parses a JSON request body: refuses an empty body, nesting deeper than {@link MAX_JSON_DEPTH}
 * (`SERVER_JSON_TOO_DEEP`, before any recursive code sees it) and `__proto__` /
 * `constructor.prototype` keys (prototype poisoning), then parses it.
 *
 * @example
 * parseJsonBody('{"amount":5}'); // { amount: 5 }
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const tooDeep = findExcessiveNesting(text, MAX_JSON_DEPTH);
  if (tooDeep >= 0) {
    throw new ServerError(
      'SERVER_JSON_TOO_DEEP',
      `The JSON body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
      { details: { maxDepth: MAX_JSON_DEPTH, position: tooDeep } },
    );
  }
  try {
    return parseSecureJson(text, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /prototype/.test(error.message)) {
      throw new ServerError(
        'SERVER_VALIDATION',
        'The JSON body holds a forbidden key (__proto__ or constructor.prototype).',
      );
    }
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}

/**
 * Replaces Fastify's JSON body parser, for every route of `app` (the MCP endpoint included), with
 * {@link parseJsonBody}. Body size limits still apply first (the route's `bodyLimit`).
 *
 * @example
 * installJsonBodyParser(app);
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
