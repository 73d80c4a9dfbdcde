export type { BuildServerOptions } from './app/build-server.js';
export { buildServer } from './app/build-server.js';
export { migrateToLatest } from './app/server-migrations.js';
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
export type { ServerConfig } from './config/server-config.js';
export { ConfigError, loadConfig } from './config/server-config.js';
export type { Database } from './db/create-database.js';
export { createDatabase } from './db/create-database.js';
export { CapabilityError } from './errors/capability-error.js';
