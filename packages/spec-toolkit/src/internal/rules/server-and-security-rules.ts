import { isPlainObject } from '../json-pointer.js';
import { child, type Place, type RuleContext, report } from './rule-context.js';

/** A 3.x `servers` list: URL variables defined and used, enums non-empty, no trailing slash. */
export function checkServers(context: RuleContext, servers: unknown, place: Place): void {
  if (!Array.isArray(servers)) return;
  for (let index = 0; index < servers.length; index++) {
    const server = servers[index];
    if (!isPlainObject(server) || typeof server.url !== 'string') continue;
    const at = child(place, index);
    const url = server.url;
    const variables = isPlainObject(server.variables) ? server.variables : {};
    const used = new Set<string>();
    for (const match of url.matchAll(/\{([^}]*)\}/g)) {
      const name = match[1] as string;
      used.add(name);
      if (!Object.hasOwn(variables, name)) {
        report(
          context,
          'SPEC_SERVER_VARIABLE_UNDEFINED',
          child(at, 'url'),
          `Server URL "${url}" uses "{${name}}", which "variables" does not define: add it with a "default".`,
        );
      }
    }
    for (const name in variables) {
      const variable = variables[name];
      const variableAt = child(child(at, 'variables'), name);
      if (!used.has(name)) {
        report(
          context,
          'SPEC_SERVER_VARIABLE_UNUSED',
          variableAt,
          `Server variable "${name}" is not used in the URL "${url}": use it, or drop it.`,
        );
      }
      if (!isPlainObject(variable) || !Array.isArray(variable.enum)) continue;
      if (variable.enum.length === 0) {
        report(
          context,
          'SPEC_SERVER_VARIABLE_ENUM_EMPTY',
          child(variableAt, 'enum'),
          `Server variable "${name}" has an empty "enum": list its allowed values, or drop "enum".`,
        );
      } else if (variable.default !== undefined && !variable.enum.includes(variable.default)) {
        report(
          context,
          'SPEC_SERVER_VARIABLE_DEFAULT_NOT_IN_ENUM',
          child(variableAt, 'default'),
          `Server variable "${name}" has default ${JSON.stringify(variable.default)}, which is not in its "enum": add it, or change the default.`,
        );
      }
    }
    if (url.length > 1 && url.endsWith('/')) {
      report(
        context,
        'SPEC_SERVER_TRAILING_SLASH',
        child(at, 'url'),
        `Server URL "${url}" ends with a slash: paths start with one, so drop it.`,
      );
    }
    if (!context.strict) continue;
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) && !url.startsWith('{')) {
      report(
        context,
        'SPEC_STYLE_SERVER_URL_RELATIVE',
        child(at, 'url'),
        `Server URL "${url}" is relative: clients resolve it against the document's own address; give an absolute URL if the API lives elsewhere.`,
      );
    }
    // The bare documentation domain; subdomains (api.pets.example.com) read as deliberate placeholders.
    if (/^([a-z][a-z0-9+.-]*:)?\/\/(www\.)?example\.com(\/|:|$)/i.test(url)) {
      report(
        context,
        'SPEC_STYLE_SERVER_EXAMPLE_COM',
        child(at, 'url'),
        `Server URL "${url}" points to example.com: give the API's real address.`,
      );
    }
  }
}

/** Security schemes by name, with the scopes each OAuth2 scheme declares (null: any scope is fine). */
export type SchemeScopes = Map<string, Set<string> | null>;

/** Reads the defined security schemes: 3.x `components.securitySchemes`, 2.0 `securityDefinitions`. */
export function readSchemes(context: RuleContext): SchemeScopes {
  const doc = context.doc;
  const section =
    context.version === '2.0'
      ? doc.securityDefinitions
      : isPlainObject(doc.components)
        ? doc.components.securitySchemes
        : undefined;
  const schemes: SchemeScopes = new Map();
  if (!isPlainObject(section)) return schemes;
  for (const name in section) {
    const scheme = section[name];
    if (!isPlainObject(scheme)) continue;
    // A referenced scheme is not followed here: any scope it is asked for is accepted.
    schemes.set(
      name,
      scheme.type === 'oauth2' && typeof scheme.$ref !== 'string' ? declaredScopes(scheme) : null,
    );
  }
  return schemes;
}

function declaredScopes(scheme: Record<string, unknown>): Set<string> | null {
  const scopes = new Set<string>();
  const add = (map: unknown): void => {
    if (isPlainObject(map)) for (const scope in map) scopes.add(scope);
  };
  add(scheme.scopes);
  if (isPlainObject(scheme.flows))
    for (const flow in scheme.flows) add((scheme.flows[flow] as { scopes?: unknown })?.scopes);
  return scopes;
}

/** A `security` list: every requirement names a defined scheme and (OAuth2) declared scopes. */
export function checkSecurity(
  context: RuleContext,
  schemes: SchemeScopes,
  security: unknown,
  place: Place,
): void {
  if (!Array.isArray(security)) return;
  for (let index = 0; index < security.length; index++) {
    const requirement = security[index];
    if (!isPlainObject(requirement)) continue;
    for (const name in requirement) {
      const at = child(child(place, index), name);
      if (!schemes.has(name)) {
        const where = context.version === '2.0' ? 'securityDefinitions' : 'components.securitySchemes';
        report(
          context,
          'SPEC_SECURITY_SCHEME_UNDEFINED',
          at,
          `Security requirement names "${name}", which is not defined in ${where}: define it, or fix the name.`,
        );
        continue;
      }
      const scopes = schemes.get(name);
      const asked = requirement[name];
      if (scopes === null || scopes === undefined || !Array.isArray(asked)) continue;
      for (let scope = 0; scope < asked.length; scope++) {
        const wanted = asked[scope];
        if (typeof wanted !== 'string' || scopes.has(wanted)) continue;
        report(
          context,
          'SPEC_SECURITY_SCOPE_UNDEFINED',
          child(at, scope),
          `Scope "${wanted}" of "${name}" is declared by none of its flows: add it to a flow's "scopes", or fix the name.`,
        );
      }
    }
  }
}
