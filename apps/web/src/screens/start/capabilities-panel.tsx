import { requestJson } from '../../api/http';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { type Interpreter, isEngineMissing, readInterpreters } from '../scripts/script-api';

interface CapabilitySummary {
  id: string;
  plane?: string;
  title?: string;
}

function readCapabilities(body: unknown): CapabilitySummary[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { capabilities?: unknown }).capabilities)
      ? (body as { capabilities: unknown[] }).capabilities
      : [];
  return list.flatMap((entry): CapabilitySummary[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, plane, title } = entry as Record<string, unknown>;
    return typeof id === 'string'
      ? [
          {
            id,
            ...(typeof plane === 'string' ? { plane } : {}),
            ...(typeof title === 'string' ? { title } : {}),
          },
        ]
      : [];
  });
}

/** Either answer, or nothing when this server does not have the route yet (the API's JSON 404). */
async function loadOptional<T>(path: string, read: (body: unknown) => T): Promise<T | null> {
  try {
    return read(await requestJson<unknown>(path));
  } catch (error) {
    if (isEngineMissing(error)) return null;
    throw error;
  }
}

/**
 * The capability registry (`GET /api/capabilities`, issue 11) and the interpreter catalogue
 * (`GET /api/lmx/interpreters`, issue 12), shown when the server has them. Both arrive from
 * other branches: UNTESTED against the real routes (docs/console.md, "Not yet proven").
 */
export function CapabilitiesPanel() {
  const { user } = useSession();
  const data = useLoad(
    async () => ({
      capabilities: await loadOptional('/api/capabilities', readCapabilities),
      interpreters: await loadOptional('/api/lmx/interpreters', readInterpreters),
    }),
    [user?.id],
  );
  const capabilities = data.data?.capabilities;
  const interpreters: Interpreter[] | null | undefined = data.data?.interpreters;
  if (!capabilities && !interpreters) return null;
  const planes = new Map<string, CapabilitySummary[]>();
  for (const capability of capabilities ?? []) {
    const plane = capability.plane ?? 'other';
    planes.set(plane, [...(planes.get(plane) ?? []), capability]);
  }
  return (
    <section class="panel" aria-labelledby="capabilities-heading">
      <h2 id="capabilities-heading">Capabilities you may use</h2>
      {[...planes.entries()].map(([plane, list]) => (
        <p key={plane}>
          <strong>{plane}</strong>: {list.map((capability) => capability.title ?? capability.id).join(', ')}
        </p>
      ))}
      {interpreters && interpreters.length > 0 ? (
        <p>
          <strong>Script languages</strong>:{' '}
          {interpreters.map((entry) => `${entry.mode}${entry.available ? '' : ' (unavailable)'}`).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
