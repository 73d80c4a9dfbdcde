import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { CapabilityRegistry } from './capability-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every capability of this install, and `invoke`, the one way to run them. */
    capabilities: CapabilityRegistry;
  }
}

/** The name area plugins list in their `dependencies` to read {@link FastifyInstance.capabilities}. */
export const CAPABILITIES_PLUGIN = 'svc-capabilities';

/**
 * Decorates the app with the capability registry (`app.capabilities`): the one way areas reach
 * it. Areas register their capabilities and sources on it, surfaces translate to its `invoke`.
 * The registry itself is built by the app (`app/build-server.ts`).
 *
 * @example
 * await app.register(capabilitiesPlugin, { registry: createGateCapabilityRegistry({ gate, db, clock, … }) });
 */
export const capabilitiesPlugin = fastifyPlugin(
  async (app: FastifyInstance, options: { registry: CapabilityRegistry }) => {
    app.decorate('capabilities', options.registry);
  },
  { name: CAPABILITIES_PLUGIN },
);
