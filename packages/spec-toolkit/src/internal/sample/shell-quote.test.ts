import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { quoteShellWord, toPlainText } from './shell-quote.js';

/** What `sh` actually receives for a quoted word, with TOKEN set in its environment. */
function echoThroughShell(quoted: string): string {
  return execFileSync('sh', ['-c', `printf '%s' ${quoted}`], {
    env: { PATH: '/usr/bin:/bin', TOKEN: 'secret-token', API_KEY: 'k' },
    encoding: 'utf8',
  });
}

describe('quoteShellWord', () => {
  it('single-quotes literal words and escapes embedded single quotes', () => {
    expect(quoteShellWord("it's")).toBe(`'it'\\''s'`);
    expect(echoThroughShell(quoteShellWord("it's"))).toBe("it's");
  });

  it('passes shell metacharacters through literally', () => {
    const nasty = `$HOME \`id\` "q" \\ ; | & * ? ~ $(echo x) 'single' \n newline !`;
    expect(echoThroughShell(quoteShellWord(nasty))).toBe(nasty);
  });

  it('keeps a placeholder expandable and everything around it literal', () => {
    const word = ['Authorization: Bearer ', { variable: 'TOKEN' }] as const;
    expect(quoteShellWord(word)).toBe('"Authorization: Bearer $TOKEN"');
    expect(echoThroughShell(quoteShellWord(word))).toBe('Authorization: Bearer secret-token');
  });

  it('escapes double quotes, backslashes, backticks and other dollars next to a placeholder', () => {
    const word = ['x-h: "$HOME" `id` \\n ', { variable: 'TOKEN' }, " it's"] as const;
    expect(echoThroughShell(quoteShellWord(word))).toBe('x-h: "$HOME" `id` \\n secret-token it\'s');
  });

  it('braces a placeholder followed by a name character so the shell reads the right variable', () => {
    const word = ['k=', { variable: 'API_KEY' }, 'suffix'] as const;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a JS template
    expect(quoteShellWord(word)).toBe('"k=${API_KEY}suffix"');
    expect(echoThroughShell(quoteShellWord(word))).toBe('k=ksuffix');
  });

  it('shows placeholders as $NAME in plain text', () => {
    expect(toPlainText(['Bearer ', { variable: 'TOKEN' }])).toBe('Bearer $TOKEN');
    expect(toPlainText('plain')).toBe('plain');
  });
});
