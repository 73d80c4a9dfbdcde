/** A rule's default level: errors make a document invalid, warnings never do. */
export type RuleLevel = 'error' | 'warning';

/** One rule of `validate`: its stable id, default level and what peers call the same check. */
export interface RuleInfo {
  /** Stable id, the `code` of its findings (`SPEC_…`). */
  readonly id: string;
  readonly level: RuleLevel;
  /** Reported only with `options.strict` (style rules). */
  readonly strict: boolean;
  /** What the rule checks, one line. */
  readonly summary: string;
  /** Redocly CLI's rule for the same check (`recommended` set), or null. */
  readonly redocly: string | null;
  /** Spectral's `spectral:oas` rule for the same check, or null. */
  readonly spectral: string | null;
  /** One finding, as the rule words it (the docs table shows it). */
  readonly example: string;
}

const rule = (
  id: string,
  level: RuleLevel,
  strict: boolean,
  summary: string,
  peers: { redocly?: string; spectral?: string },
  example: string,
): RuleInfo => ({
  id,
  level,
  strict,
  summary,
  redocly: peers.redocly ?? null,
  spectral: peers.spectral ?? null,
  example,
});

/**
 * Every rule `validate` reports, in the order of the docs table (docs/spec-toolkit/rules.md is
 * generated from this list and a test keeps the two equal). Reading problems (`SPEC_PARSE_ERROR`
 * and the like) are not rules: they cannot be turned off.
 */
export const RULES: readonly RuleInfo[] = [
  // Document
  rule(
    'SPEC_VERSION_MISSING',
    'error',
    false,
    'neither `openapi` nor `swagger` is present',
    { redocly: 'struct', spectral: 'oas3-schema' },
    'The document declares no version: add "openapi" (3.0.x, 3.1.x or 3.2.x) or "swagger": "2.0".',
  ),
  rule(
    'SPEC_VERSION_UNSUPPORTED',
    'error',
    false,
    'the version is not 2.0, 3.0.x, 3.1.x or 3.2.x',
    { redocly: 'struct' },
    'Version "4.0" is not supported: expected Swagger "2.0", OpenAPI "3.0.x", "3.1.x" or "3.2.x".',
  ),
  rule(
    'SPEC_INFO_MISSING',
    'error',
    false,
    '`info` is missing',
    { redocly: 'struct', spectral: 'oas3-schema' },
    'The document has no "info" object.',
  ),
  rule(
    'SPEC_INFO_TITLE_MISSING',
    'error',
    false,
    '`info.title` is missing',
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"info" has no "title".',
  ),
  rule(
    'SPEC_INFO_VERSION_MISSING',
    'error',
    false,
    '`info.version` is missing',
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"info" has no "version".',
  ),
  rule(
    'SPEC_PATHS_MISSING',
    'error',
    false,
    '`paths` is missing (3.1+: `paths`, `webhooks` and `components` all missing)',
    { redocly: 'struct', spectral: 'oas3-schema' },
    'The document has no "paths" object.',
  ),
  rule(
    'SPEC_SCHEMA_TYPE',
    'error',
    false,
    'a value has the wrong JSON type for the official OpenAPI schema',
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"title" must be a string, not a number.',
  ),
  rule(
    'SPEC_SCHEMA_REQUIRED',
    'error',
    false,
    'a field the official schema requires is missing',
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"description" is required.',
  ),
  rule(
    'SPEC_SCHEMA_UNKNOWN_PROPERTY',
    'error',
    false,
    'a field the official schema does not allow (component names included)',
    { redocly: 'spec-components-invalid-map-name', spectral: 'oas3-schema' },
    '"summry" is not allowed here.',
  ),
  rule(
    'SPEC_SCHEMA_ENUM',
    'error',
    false,
    "a value outside the official schema's allowed values",
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"cookies" is not one of "query", "header", "path", "cookie".',
  ),
  rule(
    'SPEC_SCHEMA_PATTERN',
    'error',
    false,
    "a value that does not match the official schema's pattern",
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"v1" does not match ^/.',
  ),
  rule(
    'SPEC_SCHEMA_FORMAT',
    'error',
    false,
    "a value that is not in the official schema's format (uri, email, regex)",
    { redocly: 'struct', spectral: 'oas3-schema' },
    '"nope" is not a valid email.',
  ),
  rule(
    'SPEC_SCHEMA_CONSTRAINT',
    'error',
    false,
    'any other violation of the official schema',
    { redocly: 'struct', spectral: 'oas3-schema' },
    'Must be at least 0.',
  ),
  rule(
    'SPEC_TAG_PARENT_UNKNOWN',
    'error',
    false,
    "3.2: a tag's `parent` names no declared tag",
    {},
    'Tag "pets" names parent "animals", which is not declared.',
  ),
  rule(
    'SPEC_TAG_PARENT_CYCLE',
    'error',
    false,
    "3.2: tags' `parent` links form a cycle",
    {},
    'Tag "a" is its own ancestor through "parent".',
  ),
  // References
  rule(
    'SPEC_REF_DANGLING',
    'error',
    false,
    'a local `$ref` points at nothing',
    { redocly: 'no-unresolved-refs', spectral: 'oas3-schema' },
    '"#/components/schemas/Pett" does not resolve: #/components/schemas has no "Pett".',
  ),
  rule(
    'SPEC_REF_MALFORMED',
    'error',
    false,
    'a `$ref` is not a string or not a `#/…` pointer',
    { redocly: 'no-unresolved-refs', spectral: 'oas3-schema' },
    '"#components/schemas/Pet" is not a valid JSON pointer reference (expected "#/…").',
  ),
  rule(
    'SPEC_REF_EXTERNAL',
    'warning',
    false,
    'a `$ref` to another file or URL in a single-document check (never fetched)',
    { redocly: 'no-unresolved-refs' },
    'External reference "./pet.yaml" is not followed: the toolkit works offline.',
  ),
  rule(
    'SPEC_REF_SIBLINGS',
    'warning',
    true,
    '2.0/3.0: keys beside a `$ref` (tools ignore them)',
    { spectral: 'no-$ref-siblings' },
    '"description" beside "$ref" is ignored in OpenAPI 3.0: move it into the referenced object, or drop it.',
  ),
  // Paths
  rule(
    'SPEC_PATH_IDENTICAL',
    'error',
    false,
    'two paths differ only in their template names',
    { redocly: 'no-identical-paths' },
    'Path "/pets/{name}" is identical to "/pets/{id}" but for template names: merge them, or make the literal parts differ.',
  ),
  rule(
    'SPEC_PATH_AMBIGUOUS',
    'warning',
    false,
    'two paths can match the same URL (`/a/{x}/c` and `/a/b/{y}`)',
    { redocly: 'no-ambiguous-paths' },
    'Path "/pets/mine/{id}" and "/pets/{kind}/1" can match the same request URL: make one literal segment differ.',
  ),
  rule(
    'SPEC_PATH_QUERY_STRING',
    'error',
    false,
    'a path holds a query string',
    { redocly: 'path-not-include-query', spectral: 'path-not-include-query' },
    'Path "/pets?limit=10" holds a query string: declare "limit" as an "in: query" parameter instead.',
  ),
  rule(
    'SPEC_PATH_PARAM_UNDECLARED',
    'error',
    false,
    'a `{name}` in the path has no `in: path` parameter, or a template is empty `{}`',
    { redocly: 'path-parameters-defined', spectral: 'path-params' },
    'Path template parameter "id" is not declared: GET /pets/{id} needs a parameter with name "id" and in "path".',
  ),
  rule(
    'SPEC_PATH_PARAM_UNUSED',
    'error',
    false,
    'an `in: path` parameter does not appear in the path',
    { redocly: 'path-parameters-defined', spectral: 'path-params' },
    'Path parameter "petId" does not appear in the path "/pets/{id}".',
  ),
  rule(
    'SPEC_PATH_PARAM_REPEATED',
    'error',
    false,
    'a path names the same template twice (`/a/{id}/b/{id}`)',
    { redocly: 'path-parameters-defined', spectral: 'path-params' },
    'Path "/a/{id}/b/{id}" names "{id}" twice: give each template its own name.',
  ),
  rule(
    'SPEC_PATH_PARAM_NOT_REQUIRED',
    'error',
    false,
    'a path parameter without `required: true`',
    { redocly: 'struct', spectral: 'path-params' },
    'Path parameter "id" must be "required: true": a path parameter is always part of the URL.',
  ),
  rule(
    'SPEC_STYLE_PATH_TRAILING_SLASH',
    'warning',
    true,
    'a path ends with `/`',
    { redocly: 'no-path-trailing-slash', spectral: 'path-keys-no-trailing-slash' },
    'Path "/pets/" ends with a slash.',
  ),
  // Operations
  rule(
    'SPEC_RESPONSES_MISSING',
    'error',
    false,
    'an operation has no `responses` (a warning in 3.1+, where they are optional)',
    { redocly: 'struct', spectral: 'oas3-schema' },
    'GET /pets has no "responses": declare at least one response.',
  ),
  rule(
    'SPEC_RESPONSES_EMPTY',
    'error',
    false,
    "an operation's `responses` declares no response",
    { redocly: 'struct', spectral: 'oas3-schema' },
    'GET /pets has an empty "responses": declare at least one response.',
  ),
  rule(
    'SPEC_OPERATION_ID_DUPLICATE',
    'error',
    false,
    'an `operationId` is used twice',
    { redocly: 'operation-operationId-unique', spectral: 'operation-operationId-unique' },
    'operationId "getPet" is already used by the operation at /paths/~1pets~1{id}/get.',
  ),
  rule(
    'SPEC_OPERATION_ID_NOT_URL_SAFE',
    'warning',
    false,
    'an `operationId` holds characters that are not URL-safe',
    { redocly: 'operation-operationId-url-safe', spectral: 'operation-operationId-valid-in-url' },
    'operationId "get pets" holds " ", which is not URL-safe: use letters, digits and -._~ only.',
  ),
  rule(
    'SPEC_PARAMETER_DUPLICATE',
    'error',
    false,
    'two parameters with the same `name` and `in` in one list',
    { redocly: 'operation-parameters-unique', spectral: 'operation-parameters' },
    'Parameter "limit" in query is declared twice in this list (first at /paths/~1pets/get/parameters/0).',
  ),
  rule(
    'SPEC_PARAMETER_BODY_DUPLICATE',
    'error',
    false,
    '2.0: more than one `in: body` parameter',
    { redocly: 'struct', spectral: 'operation-parameters' },
    'Only one body parameter is allowed (first at /paths/~1pets/post/parameters/0).',
  ),
  rule(
    'SPEC_PARAMETER_BODY_AND_FORM',
    'error',
    false,
    '2.0: `in: body` and `in: formData` parameters in one operation',
    { redocly: 'struct', spectral: 'operation-parameters' },
    'POST /pets has both a body parameter and formData parameters: a request has one body, so keep one kind.',
  ),
  rule(
    'SPEC_PARAMETER_FORM_CONSUMES',
    'warning',
    false,
    '2.0: `in: formData` parameters without a form media type in `consumes`',
    { spectral: 'oas2-operation-formData-consume-check' },
    'POST /pets has formData parameters: add "application/x-www-form-urlencoded" or "multipart/form-data" to "consumes".',
  ),
  rule(
    'SPEC_PARAMETER_FILE_CONSUMES',
    'error',
    false,
    '2.0: a `type: file` parameter without `multipart/form-data` or urlencoded `consumes`',
    { spectral: 'oas2-operation-formData-consume-check' },
    'Parameter "photo" has type "file": the operation must consume "multipart/form-data" or "application/x-www-form-urlencoded".',
  ),
  // Security
  rule(
    'SPEC_SECURITY_SCHEME_UNDEFINED',
    'error',
    false,
    'a security requirement names a scheme that is not defined',
    { redocly: 'security-defined', spectral: 'oas3-operation-security-defined' },
    'Security requirement names "api_key", which is not defined in components.securitySchemes: define it, or fix the name.',
  ),
  rule(
    'SPEC_SECURITY_SCOPE_UNDEFINED',
    'warning',
    false,
    'an OAuth2 requirement names a scope no flow of its scheme declares',
    { spectral: 'oas3-operation-security-defined' },
    'Scope "pets:wipe" of "oauth" is declared by none of its flows: add it to a flow\'s "scopes", or fix the name.',
  ),
  // Servers
  rule(
    'SPEC_SERVER_VARIABLE_UNDEFINED',
    'error',
    false,
    'a `{name}` in a server URL has no entry in `variables`',
    { redocly: 'no-undefined-server-variable', spectral: 'oas3-server-variables' },
    'Server URL "https://{region}.example.com" uses "{region}", which "variables" does not define: add it with a "default".',
  ),
  rule(
    'SPEC_SERVER_VARIABLE_UNUSED',
    'warning',
    false,
    'a server variable is not used in the URL',
    { spectral: 'oas3-server-variables' },
    'Server variable "port" is not used in the URL "https://api.example.com": use it, or drop it.',
  ),
  rule(
    'SPEC_SERVER_VARIABLE_ENUM_EMPTY',
    'error',
    false,
    'a server variable has an empty `enum`',
    { redocly: 'no-server-variables-empty-enum', spectral: 'oas3-server-variables' },
    'Server variable "region" has an empty "enum": list its allowed values, or drop "enum".',
  ),
  rule(
    'SPEC_SERVER_VARIABLE_DEFAULT_NOT_IN_ENUM',
    'error',
    false,
    "a server variable's `default` is not one of its `enum`",
    { redocly: 'no-server-variables-empty-enum', spectral: 'oas3-server-variables' },
    'Server variable "region" has default "us", which is not in its "enum": add it, or change the default.',
  ),
  rule(
    'SPEC_SERVER_TRAILING_SLASH',
    'warning',
    false,
    'a server URL ends with `/`',
    { redocly: 'no-server-trailing-slash', spectral: 'oas3-server-trailing-slash' },
    'Server URL "https://api.example.com/" ends with a slash: paths start with one, so drop it.',
  ),
  rule(
    'SPEC_STYLE_SERVER_URL_RELATIVE',
    'warning',
    true,
    'a server URL is relative (it resolves against wherever the document is served)',
    {},
    'Server URL "/v1" is relative: clients resolve it against the document\'s own address; give an absolute URL if the API lives elsewhere.',
  ),
  rule(
    'SPEC_STYLE_SERVER_EXAMPLE_COM',
    'warning',
    true,
    'a server URL points to example.com',
    { redocly: 'no-server-example.com', spectral: 'oas3-server-not-example.com' },
    'Server URL "https://example.com" points to example.com: give the API\'s real address.',
  ),
  rule(
    'SPEC_STYLE_NO_SERVERS',
    'warning',
    true,
    'no `servers` (3.x) or `host` (2.0)',
    { redocly: 'no-empty-servers', spectral: 'oas3-api-servers' },
    'The document declares no "servers": clients cannot tell where the API lives.',
  ),
  // Schemas
  rule(
    'SPEC_ENUM_TYPE_MISMATCH',
    'error',
    false,
    "an `enum` value does not have the schema's `type`",
    { redocly: 'no-enum-type-mismatch', spectral: 'typed-enum' },
    'Enum value 1 is not of type "string": quote it, or change "type".',
  ),
  rule(
    'SPEC_ENUM_DUPLICATE',
    'warning',
    false,
    'an `enum` lists the same value twice',
    { spectral: 'duplicated-entry-in-enum' },
    'Enum value "cat" is listed twice: drop the repeat.',
  ),
  rule(
    'SPEC_SCHEMA_ARRAY_ITEMS_MISSING',
    'error',
    false,
    '2.0/3.0: a `type: array` schema without `items`',
    { redocly: 'struct', spectral: 'array-items' },
    'A "type: array" schema needs "items": say what the array holds ({} for anything).',
  ),
  rule(
    'SPEC_SCHEMA_REQUIRED_UNDEFINED',
    'warning',
    false,
    'a `required` property the schema does not define',
    { redocly: 'no-required-schema-properties-undefined' },
    'Required property "name" is not defined in "properties": define it, or drop it from "required".',
  ),
  rule(
    'SPEC_SCHEMA_REQUIRED_IMPOSSIBLE',
    'error',
    false,
    'a `required` property not defined where `additionalProperties: false`, so no value can pass',
    { redocly: 'no-required-schema-properties-undefined' },
    'Required property "name" is not defined in "properties" and "additionalProperties" is false, so no value can pass: define it, or drop it from "required".',
  ),
  // Examples
  rule(
    'SPEC_EXAMPLE_INVALID',
    'warning',
    false,
    'an example does not match its schema (media types, parameters, headers, schemas)',
    { redocly: 'no-invalid-media-type-examples', spectral: 'oas3-valid-media-example' },
    'Example does not match its schema at /id: must be integer, not string.',
  ),
  rule(
    'SPEC_EXAMPLE_VALUE_AND_EXTERNAL',
    'error',
    false,
    'an Example object has both `value` and `externalValue`',
    { redocly: 'no-example-value-and-externalValue', spectral: 'oas3-examples-value-or-externalValue' },
    'Example has both "value" and "externalValue": keep one.',
  ),
  // Tags and info
  rule(
    'SPEC_TAG_DUPLICATE',
    'error',
    false,
    'two top-level tags share a name',
    { spectral: 'openapi-tags-uniqueness' },
    'Tag "pets" is declared twice (first at /tags/0): merge the two.',
  ),
  rule(
    'SPEC_STYLE_TAG_UNDECLARED',
    'warning',
    true,
    'an operation uses a tag not declared in the top-level `tags`',
    { spectral: 'operation-tag-defined' },
    'Tag "pets" is not declared in the top-level "tags".',
  ),
  rule(
    'SPEC_STYLE_TAG_DESCRIPTION_MISSING',
    'warning',
    true,
    'a top-level tag has no description',
    { redocly: 'tag-description', spectral: 'tag-description' },
    'Tag "pets" has no description.',
  ),
  rule(
    'SPEC_STYLE_TAGS_MISSING',
    'warning',
    true,
    'an operation has no tags',
    { spectral: 'operation-tags' },
    'GET /pets has no tags.',
  ),
  rule(
    'SPEC_STYLE_INFO_DESCRIPTION_MISSING',
    'warning',
    true,
    '`info` has no description',
    { spectral: 'info-description' },
    '"info" has no description.',
  ),
  rule(
    'SPEC_STYLE_INFO_CONTACT_MISSING',
    'warning',
    true,
    '`info` has no `contact`',
    { redocly: 'info-contact', spectral: 'info-contact' },
    '"info" has no "contact": say who answers questions about the API.',
  ),
  rule(
    'SPEC_STYLE_LICENSE_MISSING',
    'warning',
    true,
    '`info` has no `license`',
    { redocly: 'info-license', spectral: 'info-license' },
    '"info" has no "license": name the terms the API is offered under.',
  ),
  rule(
    'SPEC_STYLE_LICENSE_URL_MISSING',
    'warning',
    true,
    'the license has neither `url` nor (3.1+) `identifier`',
    { redocly: 'info-license-url', spectral: 'license-url' },
    'License "MIT" has no "url": link its text.',
  ),
  // Operation style
  rule(
    'SPEC_STYLE_OPERATION_ID_MISSING',
    'warning',
    true,
    'an operation has no `operationId`',
    { redocly: 'operation-operationId', spectral: 'operation-operationId' },
    'GET /pets has no operationId.',
  ),
  rule(
    'SPEC_STYLE_SUMMARY_MISSING',
    'warning',
    true,
    'an operation has no `summary`',
    { redocly: 'operation-summary' },
    'GET /pets has no summary.',
  ),
  rule(
    'SPEC_STYLE_DESCRIPTION_MISSING',
    'warning',
    true,
    'an operation has no `description`',
    { redocly: 'operation-description', spectral: 'operation-description' },
    'GET /pets has no description.',
  ),
  rule(
    'SPEC_STYLE_NO_2XX_RESPONSE',
    'warning',
    true,
    'an operation documents no 2xx (or 3xx) response',
    { redocly: 'operation-2xx-response', spectral: 'operation-success-response' },
    'GET /pets documents no 2xx or 3xx response.',
  ),
  rule(
    'SPEC_STYLE_NO_4XX_RESPONSE',
    'warning',
    true,
    'an operation documents no 4xx response',
    { redocly: 'operation-4xx-response' },
    'GET /pets documents no 4xx response.',
  ),
  rule(
    'SPEC_STYLE_COMPONENT_UNUSED',
    'warning',
    true,
    'a component is never referenced (3.0 `x-webhooks` references count)',
    { redocly: 'no-unused-components', spectral: 'oas3-unused-component' },
    'components/schemas/Pet is never referenced.',
  ),
];

const BY_ID = new Map(RULES.map((entry) => [entry.id, entry]));

/** The catalogue entry of a rule id; throws for an unknown id (a bug: ids are constants). */
export function ruleInfo(id: string): RuleInfo {
  const found = BY_ID.get(id);
  if (found === undefined) throw new Error(`unknown rule ${id}`);
  return found;
}

/**
 * Codes of reading problems (the input cannot be read as a document): not rules of the
 * catalogue, but a level may still be configured for them.
 */
export const READING_CODES: readonly string[] = [
  'SPEC_INPUT_MISSING',
  'SPEC_INPUT_EMPTY',
  'SPEC_INPUT_UNREADABLE',
  'SPEC_PARSE_ERROR',
  'SPEC_ALIAS_EXPANSION',
  'SPEC_DUPLICATE_KEY',
  'SPEC_NOT_AN_OBJECT',
  'SPEC_TOO_DEEP',
  'SPEC_REF_UNRESOLVED',
  'SPEC_REF_FILE_UNREADABLE',
  'SPEC_REF_TOO_MANY_FILES',
];
