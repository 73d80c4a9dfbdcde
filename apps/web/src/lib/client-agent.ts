/**
 * A user agent in a few words ("Firefox on Linux"); show the whole string in a title.
 *
 * @example
 * describeAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'); // 'Firefox on Linux'
 */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown client';
  const browser = /Firefox\//.test(agent)
    ? 'Firefox'
    : /Edg\//.test(agent)
      ? 'Edge'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chromium'
        : /Safari\//.test(agent)
          ? 'Safari'
          : agent.split(/[ /]/)[0] || 'Client';
  const system = /Windows/.test(agent)
    ? ' on Windows'
    : /Mac OS X/.test(agent)
      ? ' on macOS'
      : /Android/.test(agent)
        ? ' on Android'
        : /Linux/.test(agent)
          ? ' on Linux'
          : '';
  return `${browser}${system}`;
}
