import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';

/** A file argument read as text, or why it could not be. */
export type InputText = { ok: true; text: string; label: string } | { ok: false; message: string };

/** The label `-` (stdin) gets in messages. */
export const STDIN_LABEL = '<stdin>';

/**
 * Reads a file argument as UTF-8 text; `-` reads all of stdin.
 *
 * @example
 * const input = await readInput('-', io); // all of stdin, labelled '<stdin>'
 */
export async function readInput(file: string, io: CliIo): Promise<InputText> {
  if (file === '-') {
    try {
      return { ok: true, text: await readAll(io.stdin), label: STDIN_LABEL };
    } catch (error) {
      return { ok: false, message: `cannot read stdin: ${describeError(error)}` };
    }
  }
  try {
    return { ok: true, text: await readFile(resolve(io.cwd, file), 'utf8'), label: file };
  } catch (error) {
    return { ok: false, message: `cannot read ${file}: ${describeError(error)}` };
  }
}

/**
 * Writes text to a file argument (`-` writes to stdout); the error message when it fails.
 *
 * @example
 * const failure = await writeOutput('out.md', markdown, io); // undefined when written
 */
export async function writeOutput(file: string, text: string, io: CliIo): Promise<string | undefined> {
  if (file === '-') {
    io.stdout.write(text);
    return undefined;
  }
  try {
    await writeFile(resolve(io.cwd, file), text, 'utf8');
    return undefined;
  } catch (error) {
    return `cannot write ${file}: ${describeError(error)}`;
  }
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

const ERROR_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a parent is not a directory',
};

function describeError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (ERROR_TEXT[code]) return ERROR_TEXT[code];
  return error instanceof Error ? error.message : String(error);
}
