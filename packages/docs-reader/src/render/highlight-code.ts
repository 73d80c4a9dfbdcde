const KEYWORDS: Record<string, ReadonlySet<string>> = {
  ts: new Set(
    'abstract as async await break case catch class const continue default delete do else enum export extends false finally for from function if implements import in instanceof interface keyof let new null of private protected public readonly return satisfies static super switch this throw true try type typeof undefined var void while yield'.split(
      ' ',
    ),
  ),
  json: new Set(['true', 'false', 'null']),
  sh: new Set(
    'if then else fi for do done while case esac in export function return local echo exit'.split(' '),
  ),
  yaml: new Set(['true', 'false', 'null', 'yes', 'no']),
};

const LANGUAGE_ALIASES: Record<string, string> = {
  ts: 'ts',
  typescript: 'ts',
  tsx: 'ts',
  js: 'ts',
  javascript: 'ts',
  mjs: 'ts',
  json: 'json',
  jsonc: 'json',
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  console: 'sh',
  yaml: 'yaml',
  yml: 'yaml',
};

/**
 * Escapes text for HTML element content and attribute values.
 *
 * @example
 * escapeHtml('<a href="x">'); // '&lt;a href=&quot;x&quot;&gt;'
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Highlights code as HTML spans (`hl-c` comments, `hl-s` strings, `hl-n` numbers, `hl-k`
 * keywords) for TypeScript/JavaScript, JSON, shell and YAML; other languages are escaped only.
 *
 * @example
 * highlightCode('const a = 1;', 'ts'); // '<span class="hl-k">const</span> a = <span class="hl-n">1</span>;'
 */
export function highlightCode(code: string, language: string): string {
  const lang = LANGUAGE_ALIASES[language.toLowerCase()];
  if (!lang) return escapeHtml(code);
  const keywords = KEYWORDS[lang] as ReadonlySet<string>;
  const comment =
    lang === 'ts' || lang === 'json'
      ? String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`
      : String.raw`(?:^|(?<=\s))#[^\n]*`;
  const token = new RegExp(
    `(${comment})|("(?:[^"\\\\\\n]|\\\\.)*"|'(?:[^'\\\\\\n]|\\\\.)*'|\`(?:[^\`\\\\]|\\\\.)*\`)|(\\b\\d[\\d_.]*\\b)|([A-Za-z_$][\\w$-]*)`,
    'gm',
  );
  let html = '';
  let last = 0;
  for (const match of code.matchAll(token)) {
    const index = match.index ?? 0;
    html += escapeHtml(code.slice(last, index));
    const [text, isComment, isString, isNumber, word] = match;
    if (isComment) html += `<span class="hl-c">${escapeHtml(text)}</span>`;
    else if (isString) html += `<span class="hl-s">${escapeHtml(text)}</span>`;
    else if (isNumber) html += `<span class="hl-n">${escapeHtml(text)}</span>`;
    else if (word && keywords.has(word)) html += `<span class="hl-k">${escapeHtml(text)}</span>`;
    else html += escapeHtml(text);
    last = index + text.length;
  }
  return html + escapeHtml(code.slice(last));
}
