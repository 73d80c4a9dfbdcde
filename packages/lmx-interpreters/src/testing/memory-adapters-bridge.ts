import type { JsonValue } from '../core/convert.js';
import type { AdaptersBridge } from '../ports/adapters-bridge.js';
import { BridgeError } from '../ports/script-bridges.js';

/** An in-memory adapters bridge that also remembers its calls. */
export interface MemoryAdaptersBridge extends AdaptersBridge {
  readonly calls: { name: string; args: JsonValue }[];
}

/**
 * An {@link AdaptersBridge} answering from a table of functions, for tests and offline
 * hosts. An unknown name fails with a `BridgeError` the script sees ("no adapter …").
 *
 * @example
 * ```ts
 * const adapters = createMemoryAdaptersBridge({ 'pages.listKinds': () => ({ kinds: ['maze'] }) });
 * await runScript({ mode: 'lmx', source: 'print adapter("pages.listKinds")', bridges: { adapters } });
 * ```
 */
export function createMemoryAdaptersBridge(
  handlers: Readonly<Record<string, (args: JsonValue) => JsonValue | Promise<JsonValue>>>,
): MemoryAdaptersBridge {
  const calls: { name: string; args: JsonValue }[] = [];
  return {
    calls,
    async call({ name, args }) {
      calls.push({ name, args });
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
      if (!handler) throw new BridgeError(`no adapter "${name}"`);
      return handler(args);
    },
  };
}
