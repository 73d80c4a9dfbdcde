import { describe, expect, it } from 'vitest';
import { dedupeOperationIds, deriveOperationId } from './operation-id.js';

describe('deriving operationIds', () => {
  it.each([
    ['get', '/pets', 'getPets'],
    ['get', '/pets/{id}', 'getPetsById'],
    ['post', '/pets/{petId}/photos', 'postPetsByPetIdPhotos'],
    ['delete', '/user-profiles/{user_id}', 'deleteUserProfilesByUserId'],
    ['get', '/', 'getRoot'],
    ['get', '/files/{name}.{ext}', 'getFilesNameExt'],
    ['put', '/v1/pets/', 'putV1Pets'],
  ])('%s %s becomes %s', (method, path, id) => {
    expect(deriveOperationId(method, path)).toBe(id);
  });

  it('keeps the first holder of a name and numbers the later ones', () => {
    expect(dedupeOperationIds(['getA', 'getB', 'getA', 'getA'])).toEqual(['getA', 'getB', 'getA2', 'getA3']);
  });

  it('skips suffixes that another operation already has', () => {
    expect(dedupeOperationIds(['getA', 'getA', 'getA2'])).toEqual(['getA', 'getA3', 'getA2']);
  });
});
