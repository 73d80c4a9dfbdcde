export type { CapabilityRegistry } from './capabilities/capability-registry.js';
export { createCapabilityRegistry } from './capabilities/capability-registry.js';
export type {
  Capability,
  CapabilityContext,
  CapabilityPolicy,
  CapabilitySurface,
  JsonSchema,
  Plane,
} from './capabilities/capability-types.js';
export { defineCapability } from './capabilities/capability-types.js';
export { CapabilityError } from './capabilities/capability-error.js';
export type { BuildServerOptions } from './build-server.js';
export { buildServer } from './build-server.js';
export type { ServerConfig } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export type { Database } from './db/create-database.js';
export { createDatabase } from './db/create-database.js';
export { migrateToLatest } from './db/migrate.js';
