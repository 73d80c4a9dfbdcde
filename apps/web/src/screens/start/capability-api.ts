import { ApiError } from '../../api/http';

/** One capability of `GET /api/capabilities`, as the Start screen lists it. */
export interface CapabilitySummary {
  id: string;
  plane: string;
  title: string;
  description: string;
  /** Who may use it, from the policy: `anyone`, `account`, or the role, permission or membership it needs. */
  who: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `GET /api/capabilities` (`{ capabilities: [{ id, plane, title, description, policy, … }] }`);
 * an answer without that list is refused with `CONSOLE_BAD_ANSWER`.
 *
 * @example
 * readCapabilities({ capabilities: [{ id: 'lmx.run', plane: 'adapter', title: 'Run a script', description: '…', policy: { access: 'account' } }] });
 */
export function readCapabilities(body: unknown): CapabilitySummary[] {
  if (!isObject(body) || !Array.isArray(body.capabilities))
    throw new ApiError(200, {
      code: 'CONSOLE_BAD_ANSWER',
      message: 'GET /api/capabilities answered without its capabilities.',
    });
  return body.capabilities.flatMap((entry): CapabilitySummary[] => {
    if (!isObject(entry) || typeof entry.id !== 'string') return [];
    const policy = isObject(entry.policy) ? entry.policy : {};
    const needs = (['role', 'permission', 'membership'] as const)
      .filter((key) => typeof policy[key] === 'string')
      .map((key) => `${key} ${policy[key]}`);
    return [
      {
        id: entry.id,
        plane: typeof entry.plane === 'string' ? entry.plane : 'other',
        title: typeof entry.title === 'string' ? entry.title : entry.id,
        description: typeof entry.description === 'string' ? entry.description : '',
        who:
          needs.length > 0 ? needs.join(', ') : typeof policy.access === 'string' ? policy.access : 'anyone',
      },
    ];
  });
}

/** The capabilities grouped by plane, planes and entries in a stable order (by name, then id). */
export function groupByPlane(capabilities: readonly CapabilitySummary[]): [string, CapabilitySummary[]][] {
  const planes = new Map<string, CapabilitySummary[]>();
  for (const capability of capabilities)
    planes.set(capability.plane, [...(planes.get(capability.plane) ?? []), capability]);
  return [...planes.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([plane, list]) => [plane, [...list].sort((a, b) => a.id.localeCompare(b.id))]);
}
