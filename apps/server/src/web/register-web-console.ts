import type { FastifyInstance } from 'fastify';
import { loadWebAssets, resolveWebPackageDir, type WebAssets } from './web-assets.js';
import { webConsolePlugin } from './web-plugin.js';

/**
 * What `buildServer` serves at `/`: by default the console built in `@svc/web/dist`; a
 * `WebAssets` value (tests); or `false` for an API-only server.
 */
export type WebConsoleSetting = WebAssets | false | undefined;

/**
 * Registers the web console. Without a build (a server run straight from source) it logs how to
 * build it and serves no console: `/` keeps answering the JSON 404.
 *
 * @example
 * await registerWebConsole(app, options.web);
 */
export async function registerWebConsole(app: FastifyInstance, setting: WebConsoleSetting): Promise<void> {
  if (setting === false) return;
  const assets = setting ?? loadWebAssets(resolveWebPackageDir());
  if (!assets) {
    app.log.warn(
      'the web console is not built (apps/web/dist): run `npm start` or `pnpm --filter @svc/web build`',
    );
    return;
  }
  await app.register(webConsolePlugin, { assets });
}
