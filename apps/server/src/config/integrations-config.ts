/** The integrations settings of the server configuration. */
export interface IntegrationsConfig {
  /**
   * Hosts (lower case) user webhooks may reach even when they resolve to private or loopback
   * addresses (`SVC_INTEGRATION_ALLOWED_HOSTS`, comma-separated); empty by default.
   */
  allowedHosts: string[];
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^[0-9a-f:.]+$/;

/**
 * Reads `SVC_INTEGRATION_ALLOWED_HOSTS`: host names or IP addresses, no schemes, ports or paths.
 * Problems are appended to `problems`.
 *
 * @example
 * readIntegrationsConfig({ SVC_INTEGRATION_ALLOWED_HOSTS: 'hooks.internal,127.0.0.1' }, problems);
 */
export function readIntegrationsConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): IntegrationsConfig {
  const raw = env.SVC_INTEGRATION_ALLOWED_HOSTS?.trim() ?? '';
  const allowedHosts = raw === '' ? [] : raw.split(',').map((entry) => entry.trim().toLowerCase());
  for (const host of allowedHosts) {
    if (host.length === 0 || host.length > 253 || !HOST.test(host)) {
      problems.push(
        `SVC_INTEGRATION_ALLOWED_HOSTS takes comma-separated host names or IP addresses (no scheme, port or path), got "${host}".`,
      );
    }
  }
  return { allowedHosts };
}
