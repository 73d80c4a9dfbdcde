/** The PDF renderers' settings of the server configuration. */
export interface PdfConfig {
  /**
   * `SVC_CHROMIUM_PATH`: the Chromium executable of the `chromium` provider; `off` for none;
   * undefined: `/usr/bin/chromium`, else `chromium` or `chromium-browser` on `PATH`.
   */
  chromiumPath: string | 'off' | undefined;
  /** `SVC_PDF_BROWSERS`: browser processes rendering at once in this server (2 by default, 1 to 8). */
  browsers: number;
  /** `SVC_PDF_TIMEOUT_MS`: the deadline of one render, the browser killed past it (30 s by default, 1 s to 120 s). */
  timeoutMs: number;
}

function wholeNumber(
  env: Record<string, string | undefined>,
  name: string,
  range: { fallback: number; min: number; max: number },
  problems: string[],
): number {
  const raw = env[name] ?? String(range.fallback);
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    problems.push(`${name} must be a whole number from ${range.min} to ${range.max}, got "${raw}".`);
    return range.fallback;
  }
  return value;
}

/**
 * Reads `SVC_CHROMIUM_PATH`, `SVC_PDF_BROWSERS` and `SVC_PDF_TIMEOUT_MS`; problems are pushed
 * onto `problems`. A path that does not exist is not a problem here: the `chromium` provider
 * is then unavailable, with the reason, and the server starts.
 *
 * @example
 * readPdfConfig({ SVC_CHROMIUM_PATH: '/opt/chromium/chrome' }, problems).chromiumPath; // '/opt/chromium/chrome'
 */
export function readPdfConfig(env: Record<string, string | undefined>, problems: string[]): PdfConfig {
  const raw = env.SVC_CHROMIUM_PATH?.trim();
  let chromiumPath: PdfConfig['chromiumPath'];
  if (raw === undefined || raw === '') chromiumPath = undefined;
  else if (raw.toLowerCase() === 'off') chromiumPath = 'off';
  else if (raw.startsWith('/')) chromiumPath = raw;
  else problems.push(`SVC_CHROMIUM_PATH must be an absolute path or "off", got "${raw}".`);
  return {
    chromiumPath,
    browsers: wholeNumber(env, 'SVC_PDF_BROWSERS', { fallback: 2, min: 1, max: 8 }, problems),
    timeoutMs: wholeNumber(
      env,
      'SVC_PDF_TIMEOUT_MS',
      { fallback: 30_000, min: 1000, max: 120_000 },
      problems,
    ),
  };
}
