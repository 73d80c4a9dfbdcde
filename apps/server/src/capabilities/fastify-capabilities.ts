import type { CapabilityRegistry } from './capability-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every capability of this install, and `invoke`, the one way to run them. */
    capabilities: CapabilityRegistry;
  }
}
