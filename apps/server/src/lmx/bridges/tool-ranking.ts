import type { Capability, Plane } from '../../capabilities/capability-types.js';

/** What each plane holds, as `PLANES` says it. */
export const PLANE_DESCRIPTIONS: Readonly<Record<Plane, string>> = {
  adapter: 'built-in systems',
  function: 'stored function-calls',
  automation: 'actions an automation step may take',
  integration: 'your own connections, such as signed webhooks',
  mcp: 'tools of remote MCP servers the admin configured',
  capability: 'vendor-neutral capabilities served by interchangeable providers',
};

/** One `DISCOVER` hit. */
export interface ToolHit {
  id: string;
  title: string;
  plane: Plane;
  score: number;
}

/** Most hits one `DISCOVER` answers. */
export const MAX_DISCOVER_HITS = 10;

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/**
 * Ranks capabilities for a free-text query: every query word scores 5 in the id, 3 in the
 * title and 1 in the description (a word counts where it starts a word there, so `page`
 * finds `generatePage` and `pages`), and the whole id typed exactly scores 100. Ties are
 * broken by id; capabilities scoring nothing are left out.
 *
 * @example
 * rankTools(registry.listFor(user), 'puzzle page')[0].id; // 'activity-pages.generatePage'
 */
export function rankTools(capabilities: readonly Capability[], query: string): ToolHit[] {
  const wanted = words(query);
  const exact = query.trim().toLowerCase();
  const split = (text: string): string[] => words(text.replace(/([a-z0-9])([A-Z])/g, '$1 $2'));
  const hits = capabilities.map((capability) => {
    const fields: [string[], number][] = [
      [split(capability.id), 5],
      [split(capability.title), 3],
      [split(capability.description), 1],
    ];
    let score = capability.id.toLowerCase() === exact ? 100 : 0;
    for (const word of wanted)
      for (const [tokens, weight] of fields)
        if (tokens.some((token) => token.startsWith(word))) score += weight;
    return { id: capability.id, title: capability.title, plane: capability.plane, score };
  });
  return hits
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_DISCOVER_HITS);
}
