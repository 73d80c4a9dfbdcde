import { describe, expect, it } from 'vitest';
import { formatTable } from './table.js';

describe('formatting a table', () => {
  it('pads every column but the last to its widest cell', () => {
    expect(
      formatTable([
        ['GET', '/pets', 'listPets'],
        ['DELETE', '/pets/{id}', 'deletePet'],
      ]),
    ).toEqual(['GET     /pets       listPets', 'DELETE  /pets/{id}  deletePet']);
  });

  it('leaves no trailing spaces when the last cells are empty', () => {
    expect(
      formatTable([
        ['GET', '/a', ''],
        ['POST', '/bbbb', ''],
      ]),
    ).toEqual(['GET   /a', 'POST  /bbbb']);
  });
});
