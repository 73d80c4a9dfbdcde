/** One remote MCP server an admin configured. */
export interface RemoteMcpServerConfig {
  /** The `<server>` of its tools' ids `mcp.<server>.<tool>`. */
  name: string;
  /** Its Streamable HTTP endpoint. */
  url: string;
  /** Headers sent with every request (an `authorization` token, say); never logged or listed. */
  headers: Record<string, string>;
}

/** The most remote servers one install may list. */
export const MAX_REMOTE_MCP_SERVERS = 20;
const NAME = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * Reads `SVC_MCP_SERVERS`: a JSON array of `{ "name": "docs", "url": "https://…/mcp", "headers"?: {…} }`
 * with unique lower-case names and http(s) URLs. Every problem is appended to `problems`.
 *
 * @example
 * readRemoteMcpConfig({ SVC_MCP_SERVERS: '[{"name":"wiki","url":"http://127.0.0.1:9000/mcp"}]' }, problems);
 */
export function readRemoteMcpConfig(
  env: Record<string, string | undefined>,
  problems: string[],
): RemoteMcpServerConfig[] {
  const raw = env.SVC_MCP_SERVERS?.trim();
  if (raw === undefined || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    problems.push('SVC_MCP_SERVERS must be a JSON array of { "name", "url" } objects.');
    return [];
  }
  if (!Array.isArray(value) || value.length > MAX_REMOTE_MCP_SERVERS) {
    problems.push(
      `SVC_MCP_SERVERS must be a JSON array of at most ${MAX_REMOTE_MCP_SERVERS} { "name", "url" } objects.`,
    );
    return [];
  }
  const servers: RemoteMcpServerConfig[] = [];
  value.forEach((entry: unknown, index) => {
    const where = `SVC_MCP_SERVERS[${index}]`;
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { name, url, headers = {} } = record;
    if (typeof name !== 'string' || !NAME.test(name)) {
      problems.push(`${where}.name must be 1–32 lower-case letters, digits or "-", starting with a letter.`);
      return;
    }
    if (servers.some((server) => server.name === name)) {
      problems.push(`${where}.name "${name}" is listed twice.`);
      return;
    }
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
      problems.push(`${where}.url must be an http:// or https:// URL.`);
      return;
    }
    if (
      typeof headers !== 'object' ||
      headers === null ||
      Array.isArray(headers) ||
      Object.values(headers).some((header) => typeof header !== 'string')
    ) {
      problems.push(`${where}.headers must be an object of text values.`);
      return;
    }
    const unknown = Object.keys(record).filter((key) => !['name', 'url', 'headers'].includes(key));
    if (unknown.length > 0) problems.push(`${where} has unknown fields: ${unknown.join(', ')}.`);
    servers.push({ name, url, headers: headers as Record<string, string> });
  });
  return servers;
}
