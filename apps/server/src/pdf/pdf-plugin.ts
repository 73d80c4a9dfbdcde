import fastifyPlugin from 'fastify-plugin';
import { CAPABILITIES_PLUGIN } from '../capabilities/capabilities-plugin.js';
import type { PdfConfig } from '../config/pdf-config.js';
import { createChromiumRenderer } from './chromium-pdf-renderer.js';
import { locateChromium } from './locate-chromium.js';
import { createPdfLibRenderer } from './pdf-lib-renderer.js';
import { createPdfRenderCapability } from './pdf-render-capability.js';

/** Options of {@link pdfPlugin}. */
export interface PdfPluginOptions {
  config: PdfConfig;
  /** The `PATH` a default Chromium is looked for on. */
  searchPath: string | undefined;
}

/**
 * The pdf area as one plugin: it owns the renderers of the vendor-neutral `pdf.render` — the
 * `chromium` provider (its executable, its cap of browser processes) and the built-in `pdf-lib`
 * one — and registers the capability. No routes of its own: the adapter route, MCP and the
 * script bridges reach it through the registry. Browsers still running when the server closes
 * are killed.
 *
 * @example
 * await app.register(pdfPlugin, { config: config.pdf, searchPath: process.env.PATH });
 */
export const pdfPlugin = fastifyPlugin<PdfPluginOptions>(
  async (app, options) => {
    const chromium = createChromiumRenderer({
      locate: () => locateChromium(options.config.chromiumPath, options.searchPath),
      browsers: options.config.browsers,
      log: app.log,
    });
    app.capabilities.register(
      createPdfRenderCapability({
        renderers: { chromium, pdfLib: createPdfLibRenderer() },
        timeoutMs: options.config.timeoutMs,
      }),
    );
    const browser = chromium.describe();
    app.log.info(
      { chromium: browser.available ? 'available' : browser.note },
      'pdf.render: pdf-lib built in, chromium %s',
      browser.available ? 'available' : 'unavailable',
    );
    app.addHook('onClose', async () => chromium.stopAll());
  },
  { name: 'svc-pdf', dependencies: [CAPABILITIES_PLUGIN], encapsulate: true },
);
