import { HTTP_METHODS } from '../../types.js';
import { isPlainObject, joinPointer } from '../json-pointer.js';
import { type OperationEntry, resolveLocal } from '../spec-model.js';

/**
 * Every operation under OpenAPI 3.1 `webhooks`, in document order; `path` holds the webhook name.
 *
 * @example
 * ```ts
 * listWebhookOperations(doc).map((e) => `${e.method} ${e.path}`); // ['post newPet']
 * ```
 */
export function listWebhookOperations(doc: unknown): OperationEntry[] {
  const out: OperationEntry[] = [];
  if (!isPlainObject(doc) || !isPlainObject(doc.webhooks)) return out;
  for (const [name, rawItem] of Object.entries(doc.webhooks)) {
    if (name.startsWith('x-')) continue;
    const resolved = resolveLocal(doc, rawItem, joinPointer('/webhooks', name));
    if (!resolved || !isPlainObject(resolved.value)) continue;
    const pathItem = resolved.value;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isPlainObject(operation)) continue;
      const pointer = joinPointer(resolved.pointer, method);
      out.push({ method, path: name, pointer, operation, pathItem, pathItemPointer: resolved.pointer });
    }
  }
  return out;
}
