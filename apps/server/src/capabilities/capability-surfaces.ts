import type { CapabilitySurface } from './capability-types.js';

/**
 * Whether a surface charges the capability's meter target (the seed's metering rules): the
 * adapter route and MCP are HTTP surfaces priced by the meter; `lma` charges the same `tool:`
 * target itself; function-calls and automations are priced like the adapter route. The area's
 * own routes keep their own pricing, `lmx`'s `adapter()` and internal calls are unmetered.
 */
export const SURFACE_CHARGES: Record<CapabilitySurface, boolean> = {
  'adapter-route': true,
  mcp: true,
  lma: true,
  'function-call': true,
  automation: true,
  'area-route': false,
  lmx: false,
  internal: false,
};
