import { expectInteger, expectString } from '../../core/builtins/arguments.js';
import { defineBuiltin } from '../../core/builtins/builtin-registry.js';
import { fromJson, toJson } from '../../core/convert.js';
import { isTruthy, type Value } from '../../core/values.js';
import { ScriptFault } from '../../errors.js';
import type { LanguageDefinition } from '../../language.js';
import type { HostHttpAnswer } from '../../ports/host-bridge.js';
import { printLines } from '../verbs/print-lines.js';
import { createVerbLanguage } from '../verbs/verb-language.js';
import { expressionOperands } from '../verbs/verb-statements.js';

function showAnswer(
  context: Parameters<Parameters<typeof defineBuiltin>[2]>[1],
  answer: HostHttpAnswer,
): void {
  context.print(`${answer.status}${answer.redirects > 0 ? ` after ${answer.redirects} redirects` : ''}`);
  printLines(context, answer.body);
  if (answer.truncated) context.print('(body truncated)');
}

/** A POST body: a string as is, anything else as JSON. */
function bodyOf(value: Value | undefined): { body: string; contentType: string } {
  if (typeof value === 'string') return { body: value, contentType: 'text/plain; charset=utf-8' };
  return { body: JSON.stringify(toJson(value ?? null)), contentType: 'application/json' };
}

const httpGet = defineBuiltin('http_get', [1, 2], ([url, show], context) => {
  const answer = context.callBridge('host', 'http', {
    method: 'GET',
    url: expectString(url, 'http_get'),
  }) as HostHttpAnswer;
  if (show !== undefined && isTruthy(show)) showAnswer(context, answer);
  return fromJson(answer as never);
});

const httpPost = defineBuiltin('http_post', [2, 3], ([url, payload, show], context) => {
  const answer = context.callBridge('host', 'http', {
    method: 'POST',
    url: expectString(url, 'http_post'),
    ...bodyOf(payload),
  }) as HostHttpAnswer;
  if (show !== undefined && isTruthy(show)) showAnswer(context, answer);
  return fromJson(answer as never);
});

const dns = defineBuiltin('dns', [1, 2], ([host, show], context) => {
  const addresses = context.callBridge('host', 'dns', { host: expectString(host, 'dns') }) as string[];
  if (show !== undefined && isTruthy(show)) for (const address of addresses) context.print(address);
  return fromJson(addresses);
});

/** Whether a bridge failure is the allow-list's refusal: the host bridge answers it `E_FORBIDDEN`. */
function isNotAllowed(error: unknown): boolean {
  return error instanceof ScriptFault && error.code === 'E_FORBIDDEN';
}

const portState = defineBuiltin('port_state', [2, 3], ([host, port, show], context) => {
  const request = { host: expectString(host, 'port_state'), port: expectInteger(port, 'port_state', 2) };
  let state: string;
  try {
    state = context.callBridge('host', 'port', request) as string;
  } catch (error) {
    // From this run's point of view a port it may not reach is closed: a scan over a range
    // answers for every port instead of ending at the first one outside the allow-list.
    if (!isNotAllowed(error)) throw error;
    state = 'closed';
  }
  if (show !== undefined && isTruthy(show)) context.print(state);
  return state;
});

/**
 * `lmnet`, the network from the host: lmx plus `GET "<url>" [-> r]`, `POST "<url>" <body> [-> r]`,
 * `DNS "<host>" [-> addresses]`, `PORT "<host>" <port> [-> state]`, only towards hosts on the
 * admin's allow-list. Host mode: an admin with `SVC_LMX_HOST_MODES` only.
 *
 * @example
 * ```ts
 * lmnetLanguage.compile('GET "http://127.0.0.1:3000/healthz" -> r\nprint r.status').diagnostics; // []
 * ```
 */
export const lmnetLanguage: LanguageDefinition = createVerbLanguage({
  id: 'lmnet',
  title: 'Network',
  summary: 'HTTP, DNS and port checks towards allow-listed hosts, bounded: GET, POST, DNS, PORT',
  bridges: ['host'],
  verbs: [
    { keyword: 'GET', builtin: 'http_get', operands: expressionOperands(1), answers: true, arity: 1 },
    { keyword: 'POST', builtin: 'http_post', operands: expressionOperands(2), answers: true, arity: 2 },
    { keyword: 'DNS', builtin: 'dns', operands: expressionOperands(1), answers: true, arity: 1 },
    { keyword: 'PORT', builtin: 'port_state', operands: expressionOperands(2), answers: true, arity: 2 },
  ],
  builtins: [httpGet, httpPost, dns, portState],
});
