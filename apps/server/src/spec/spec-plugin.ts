import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import { SPEC_CAPABILITIES } from './spec-capabilities.js';

/**
 * The spec area as one plugin: the `spec.*` capabilities (the spec toolkit's functions) in the
 * registry. It has no routes of its own: callers reach it through the registry's surfaces (the
 * adapter route `/api/adapters/spec/{fn}`, MCP, `GET /api/capabilities`, script bridges), which
 * all apply the one policy. Register it after the registry (`app.capabilities`).
 *
 * @example
 * await app.register(specPlugin);
 */
export const specPlugin = fastifyPlugin(
  async (app) => {
    for (const capability of SPEC_CAPABILITIES) app.capabilities.register(capability);
  },
  { name: 'svc-spec', dependencies: [CAPABILITIES_PLUGIN], encapsulate: true },
);
