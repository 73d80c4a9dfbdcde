/**
 * Splits text into lines of at most `perLine` characters, breaking between words, and inside a
 * word only when the word alone is longer than a line.
 *
 * @example
 * breakLines('A large body of salt water', 12); // ['A large body', 'of salt', 'water']
 */
export function breakLines(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (rest.length > perLine) {
      if (line) lines.push(line);
      line = '';
      lines.push(rest.slice(0, perLine));
      rest = rest.slice(perLine);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= perLine) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}
