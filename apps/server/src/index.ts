export type { AdapterDefinition, AdapterFunction, AdapterRegistry } from './adapters/adapter-registry.js';
export { createAdapterRegistry } from './adapters/adapter-registry.js';
export type { BuildServerOptions } from './build-server.js';
export { buildServer } from './build-server.js';
export type { ServerConfig } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export type { Database } from './db/create-database.js';
export { createDatabase } from './db/create-database.js';
export { migrateToLatest } from './db/migrate.js';
