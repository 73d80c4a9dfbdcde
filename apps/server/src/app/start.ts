import { ConfigError, loadConfig } from '../config/server-config.js';
import { buildServer } from './build-server.js';

/**
 * Starts the server from the environment and shuts it down gracefully on SIGINT/SIGTERM:
 * stop accepting connections, let in-flight requests finish, close the database.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildServer({ config });
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // The bound address, not the configured one: PORT=0 picks a free port.
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { address, publicUrl: config.publicUrl, database: app.database.location, env: config.env },
    `svc server listening on ${address}`,
  );
}

main().catch((error: unknown) => {
  // A configuration found wrong while starting (an unreachable Redis or bucket) is said plainly.
  if (error instanceof ConfigError) {
    process.stderr.write(`svc server failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `svc server failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
