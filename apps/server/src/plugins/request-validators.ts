import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/** The Ajv options every request part shares: report every issue, never drop unknown fields. */
export const AJV_OPTIONS = { removeAdditional: false, allErrors: true } as const;

/**
 * A `schemaController.compilersFactory.buildValidator` that validates JSON bodies strictly and
 * coerces only what arrives as text. A JSON body already carries its types: `true`, `"5"`, `[5]`
 * or `null` where an integer is expected is refused, never quietly turned into `1`, `5` or `0`.
 * Query strings, path parameters and headers are always strings on the wire, so they keep
 * Ajv's `coerceTypes: 'array'` (`?limit=5`, `?tag=a` for an array).
 *
 * Fastify treats a custom factory as a custom compiler, so it no longer lower-cases the keys of
 * `headers` schemas for us: write those schemas in lower case (no route declares one today).
 *
 * @example
 * Fastify({ schemaController: { compilersFactory: { buildValidator: createRequestValidatorFactory() } } });
 */
export function createRequestValidatorFactory(): BuildCompilerFromPool {
  const pool = AjvCompiler();
  return (externalSchemas) => {
    const compilerWith = (coerceTypes: 'array' | false) =>
      pool(externalSchemas, {
        customOptions: { ...AJV_OPTIONS, coerceTypes },
      }) as FastifySchemaCompiler<FastifySchema>;
    const strict = compilerWith(false);
    const coercing = compilerWith('array');
    const compile: FastifySchemaCompiler<FastifySchema> = (route) =>
      route.httpPart === 'body' ? strict(route) : coercing(route);
    return compile as ReturnType<BuildCompilerFromPool>;
  };
}
