/**
 * Query parameter names whose values are secrets, matched case-insensitively against the decoded
 * name with `-` and `_` removed: `apiKey`, `api_key`, `API-KEY`, `access_token`, `key`, `token`,
 * `password`, `client_secret`, `sig`, `jwt`, `session`, `auth`… A name is secret when it contains
 * one of these words, so new spellings (`refreshToken`, `x-api-key`) are covered without a list.
 */
const SECRET_NAME =
  /key|token|secret|passw|pwd|session|jwt|signature|credential|cookie|^auth$|^authorization$|^sig$|^code$/;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * True when a query parameter of this (raw, possibly percent-encoded) name carries a secret.
 *
 * @example
 * isSecretQueryName('apiKey'); // true
 * isSecretQueryName('limit'); // false
 */
export function isSecretQueryName(name: string): boolean {
  return SECRET_NAME.test(
    decodeName(name)
      .toLowerCase()
      .replace(/[-_\s]/g, ''),
  );
}

/**
 * The URL with the value of every secret query parameter replaced by `[redacted]`, for logs.
 * The path and the other parameters are kept as they are.
 *
 * @example
 * redactUrl('/auth/verify?token=abc&x=1'); // '/auth/verify?token=[redacted]&x=1'
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const end = hashStart < 0 ? url.length : hashStart;
  const query = url
    .slice(queryStart + 1, end)
    .split(/([&;])/)
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      return equals >= 0 && isSecretQueryName(name) ? `${name}=[redacted]` : part;
    })
    .join('');
  return `${url.slice(0, queryStart + 1)}${query}${url.slice(end)}`;
}
