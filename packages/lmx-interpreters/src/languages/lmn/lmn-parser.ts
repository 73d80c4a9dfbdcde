import type { Expression } from '../../core/ast.js';
import { createScriptParser, type ScriptParser, spanOfToken } from '../../core/script-parser.js';
import type { Diagnostic, Span } from '../../diagnostics.js';
import {
  endLineStatement,
  type IfStatement,
  type LetStatement,
  type PrintStatement,
  parseIfStatement,
  parseLetStatement,
  parsePrintStatement,
} from '../shared/line-statements.js';
import type { QuietWindow } from './quiet-window.js';
import { readQuietWindow } from './quiet-window.js';

/** One `lmn` statement. */
export type LmnStatement =
  | {
      kind: 'notify';
      channel: string;
      recipient: Expression;
      subject: Expression;
      body?: Expression;
      when?: Expression;
      span: Span;
    }
  | LetStatement
  | PrintStatement
  | IfStatement<LmnStatement>
  | { kind: 'for'; name: string; items: Expression; body: LmnStatement[]; span: Span };

/** A parsed `lmn` script: its statements and its settings (quiet windows, digest size). */
export interface LmnScript {
  statements: LmnStatement[];
  quiet: QuietWindow[];
  digest?: { size: Expression; span: Span };
  diagnostics: Diagnostic[];
}

/** The statement keywords of `lmn` (case-insensitive). */
export const LMN_KEYWORDS: readonly string[] = [
  'notify',
  'to',
  'subject',
  'body',
  'when',
  'quiet',
  'digest',
  'let',
  'print',
  'if',
  'else',
  'end',
  'for',
  'in',
];

/** The keywords that start an `lmn` statement (what a misspelt first word is compared with). */
const LMN_STATEMENT_WORDS = ['notify', 'quiet', 'digest', 'let', 'print', 'if', 'for'];

/**
 * Parses an `lmn` script. `QUIET` and `DIGEST` are settings of the whole run wherever they
 * stand; `DIGEST` may be given once.
 *
 * @example
 * parseNotifications('QUIET 22:00-07:00\nNOTIFY email TO "ops@example.com" SUBJECT "Disk"').diagnostics; // []
 */
export function parseNotifications(source: string): LmnScript {
  const parser = createScriptParser(source, { reserved: LMN_KEYWORDS });
  const script: LmnScript = { statements: [], quiet: [], diagnostics: parser.diagnostics };
  script.statements = parser.parseBlock((current) => parseStatement(current, source, script));
  return script;
}

function parseStatement(parser: ScriptParser, source: string, script: LmnScript): LmnStatement | undefined {
  const start = parser.peek();
  const word =
    start.kind === 'name' ? (parser.misspeltKeyword(LMN_STATEMENT_WORDS) ?? start.text.toLowerCase()) : '';
  switch (word) {
    case 'notify': {
      parser.next();
      const channel = parser.expectName('a channel (email, sms, chat, …) after NOTIFY').text;
      parser.expectKeyword('to');
      const recipient = parser.parseExpression();
      parser.expectKeyword('subject');
      const subject = parser.parseExpression();
      const body = parser.matchKeyword('body') ? parser.parseExpression() : undefined;
      const when = parser.matchKeyword('when') ? parser.parseExpression() : undefined;
      endLineStatement(parser);
      return {
        kind: 'notify',
        channel,
        recipient,
        subject,
        ...(body ? { body } : {}),
        ...(when ? { when } : {}),
        span: parser.spanFrom(start),
      };
    }
    case 'quiet': {
      parser.next();
      const first = parser.peek();
      let text: string;
      if (first.kind === 'string') {
        text = (first.parts ?? []).map((part) => (part.kind === 'text' ? part.text : '')).join('');
        parser.next();
      } else {
        // Written bare (22:00-07:00) the window lexes as numbers and punctuation: read its text.
        let last = first;
        while (!parser.atLineEnd()) last = parser.next();
        text = source.slice(first.start, last.end);
      }
      const read = readQuietWindow(text.trim());
      if (!read.ok) parser.fail('E_PARSE', read.message, parser.spanFrom(first));
      script.quiet.push(read.window);
      endLineStatement(parser);
      return undefined;
    }
    case 'digest': {
      parser.next();
      if (script.digest) parser.fail('E_PARSE', 'DIGEST is set once per script', spanOfToken(start));
      const size = parser.parseExpression();
      endLineStatement(parser);
      script.digest = { size, span: parser.spanFrom(start) };
      return undefined;
    }
    case 'let':
      return parseLetStatement(parser, start);
    case 'print':
      return parsePrintStatement(parser, start);
    case 'if':
      return parseIfStatement(parser, start, (stopWords) =>
        parser.parseBlock((current) => parseStatement(current, source, script), stopWords),
      );
    case 'for': {
      parser.next();
      const name = parser.expectName('a loop variable after FOR');
      parser.expectKeyword('in');
      const items = parser.parseExpression();
      const body = parser.parseBlock((current) => parseStatement(current, source, script), ['end']);
      parser.expectKeyword('end');
      endLineStatement(parser);
      return { kind: 'for', name: name.text, items, body, span: parser.spanFrom(start) };
    }
  }
  return parser.expected('NOTIFY, QUIET, DIGEST, LET, PRINT, IF or FOR', start);
}
