/**
 * Lays rows out in columns padded to the widest cell; the last column is never padded.
 *
 * @example
 * formatTable([['GET', '/pets'], ['DELETE', '/pets/{id}']]); // ['GET     /pets', 'DELETE  /pets/{id}']
 */
export function formatTable(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
