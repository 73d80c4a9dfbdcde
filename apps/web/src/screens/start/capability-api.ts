import { ApiError } from '../../api/http';
import { nameFeature } from '../../lib/membership-text';

/** Headings people read for the registry's planes (docs/capabilities.md), in the order they are listed. */
const PLANE_HEADINGS: Record<string, string> = {
  adapter: 'Built-in tools',
  capability: 'Services with a choice of provider (models, PDF, search)',
  function: 'Your stored functions',
  integration: 'Your webhooks',
  automation: 'Automation actions',
  mcp: 'Tools of remote MCP servers',
};
const PLANE_ORDER = Object.keys(PLANE_HEADINGS);

/**
 * The heading of a plane's group: a known plane by what it holds, any other by its id.
 *
 * @example
 * headPlane('adapter'); // 'Built-in tools'
 */
export function headPlane(plane: string): string {
  return PLANE_HEADINGS[plane] ?? `Other (${plane})`;
}

/** One capability of `GET /api/capabilities`, as the Start screen lists it. */
export interface CapabilitySummary {
  id: string;
  plane: string;
  title: string;
  description: string;
  /** Who may use it, in words: `anyone`, `signed in`, or `needs …` the role, permission or plan its policy names. */
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
      .map((key) =>
        key === 'membership'
          ? `a plan with ${nameFeature(String(policy[key]))}`
          : `the ${policy[key]} ${key}`,
      );
    return [
      {
        id: entry.id,
        plane: typeof entry.plane === 'string' ? entry.plane : 'other',
        title: typeof entry.title === 'string' ? entry.title : entry.id,
        description: typeof entry.description === 'string' ? entry.description : '',
        who:
          needs.length > 0
            ? `needs ${needs.join(' and ')}`
            : policy.access === 'account'
              ? 'signed in'
              : 'anyone',
      },
    ];
  });
}

/** The capabilities grouped by plane: known planes in the order of their headings, others after by name; entries by id. */
const rank = (plane: string) => {
  const index = PLANE_ORDER.indexOf(plane);
  return index === -1 ? PLANE_ORDER.length : index;
};

export function groupByPlane(capabilities: readonly CapabilitySummary[]): [string, CapabilitySummary[]][] {
  const planes = new Map<string, CapabilitySummary[]>();
  for (const capability of capabilities)
    planes.set(capability.plane, [...(planes.get(capability.plane) ?? []), capability]);
  return [...planes.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([plane, list]) => [plane, [...list].sort((a, b) => a.id.localeCompare(b.id))]);
}
