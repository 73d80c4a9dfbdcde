import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';

const examplesDir = dirname(createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'));

/** Small real specs from ReadMe's examples: each version, JSON and YAML, plus circular ones. */
export const FIXTURES = [
  '2.0/json/petstore.json',
  '2.0/yaml/petstore.yaml',
  '3.0/json/petstore.json',
  '3.0/yaml/petstore.yaml',
  '3.1/json/petstore.json',
  '3.1/yaml/petstore.yaml',
  '3.0/json/circular.json',
  '2.0/json/schema-circular.json',
].map((file) => {
  const text = readFileSync(join(examplesDir, file), 'utf8');
  const doc: unknown = file.endsWith('.json') ? JSON.parse(text) : load(text, { schema: CORE_SCHEMA });
  return { file, text, doc };
});

/** The spec other documents are diffed against when they have no original of their own. */
export const PETSTORE_3_0: unknown = FIXTURES[2]?.doc;
