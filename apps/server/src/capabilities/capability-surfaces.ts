import type { CapabilitySurface } from './capability-types.js';

/**
 * What a surface does with a capability's meter target (`policy.meter`, or a delegate's target's):
 * - `charges`: one use is charged the target's price (refunded when it fails on the server's side);
 * - `free`: nothing is charged;
 * - `free-only`: nothing is charged, and a target priced above 0 is refused (`CAP_PRICED`), so
 *   the surface cannot become a free way to something priced.
 */
export type SurfaceMetering = 'charges' | 'free' | 'free-only';

/**
 * How each surface meets the meter — the seed's rules (the adapter route is priced; `lma`
 * charges the `tool:` target; `adapter()` is unmetered) closed so that no chain of surfaces
 * reaches a priced capability without its price (issue 21; the full surface × charge table is
 * docs/gate/metering.md):
 * - the adapter route, MCP, `lma` (and `lmg` action cells), function-calls and automations
 *   charge, as before;
 * - an area's own route for the same operation charges like the adapter route
 *   (`POST /api/lmx/run` pays `tool:lmx.run` as MCP does), except what the seed opens to
 *   anonymous callers (`open-area-route`: puzzle kinds, printing, generating sudoku, wordsearch
 *   and maze), which is free for everyone;
 * - `lmai` pays `llm.chat`'s price for every model call;
 * - `adapter()` stays unmetered and reaches only capabilities priced at 0 (`lma` reaches the
 *   others, at their price);
 * - the server's own calls (`internal`) are free: no caller picks what they run.
 */
export const SURFACE_METERING: Record<CapabilitySurface, SurfaceMetering> = {
  'adapter-route': 'charges',
  mcp: 'charges',
  'area-route': 'charges',
  'open-area-route': 'free',
  lma: 'charges',
  lmai: 'charges',
  'function-call': 'charges',
  automation: 'charges',
  lmx: 'free-only',
  internal: 'free',
};
