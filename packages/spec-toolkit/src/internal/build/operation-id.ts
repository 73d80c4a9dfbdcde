/**
 * The operationId an endpoint gets from its method and path: `get /pets/{id}` →
 * `getPetsById`, `post /user-profiles` → `postUserProfiles`, `get /` → `getRoot`.
 *
 * @example
 * deriveOperationId('get', '/pets/{id}'); // 'getPetsById'
 */
export function deriveOperationId(method: string, path: string): string {
  let name = method.toLowerCase();
  for (const segment of path.split('/')) {
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      name += `By${toPascalWords(whole[1] as string)}`;
    } else {
      name += toPascalWords(segment.replace(/[{}]/g, ' '));
    }
  }
  return name === method.toLowerCase() ? `${name}Root` : name;
}

function toPascalWords(text: string): string {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/**
 * Makes operationIds unique: the first holder of a name keeps it, later ones get the
 * smallest numeric suffix (`2`, `3`, …) no other operation uses. Input order decides who is first.
 *
 * @example
 * dedupeOperationIds(['getA', 'getA']); // ['getA', 'getA2']
 */
export function dedupeOperationIds(names: readonly string[]): string[] {
  const taken = new Set(names);
  const given = new Set<string>();
  return names.map((name) => {
    if (!given.has(name)) {
      given.add(name);
      return name;
    }
    let suffix = 2;
    while (taken.has(`${name}${suffix}`)) suffix++;
    const unique = `${name}${suffix}`;
    taken.add(unique);
    given.add(unique);
    return unique;
  });
}
