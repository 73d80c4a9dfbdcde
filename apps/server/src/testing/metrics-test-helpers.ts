/**
 * The value of the sample `name{labels}` (exactly those labels) in a Prometheus text answer;
 * undefined when absent.
 *
 * @example
 * expect(sample(await scrape(app), 'svc_http_requests_total', { route: '/healthz', method: 'GET', status: '200' })).toBe(3);
 */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}
