import type { ResolveRef } from './ref-resolver.js';
import type { SchemaNode, SchemaReader, SchemaSite } from './schema-node.js';
import type { SecurityView } from './security-view.js';

// The shapes the comparison reads an operation into. `operation-view` fills them with the help
// of `content-view`, and both import them from here, so neither imports the other's types.

/** A parameter in effect for an operation, with the schema that describes its value. */
export interface ParameterView {
  /** `in:name`, the header names lower-cased since HTTP headers ignore case. */
  key: string;
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  /** Where the parameter is written in the operation or path item. */
  pointer: string;
  schema: SchemaSite | undefined;
}

/** One media type of a request or response body. */
export interface MediaView {
  pointer: string;
  schema: SchemaSite | undefined;
  /** A schema built from 2.0 form parameters, used instead of `schema`. */
  node?: SchemaNode;
}

/** A request body in the 3.x model; 2.0 `in: body` and `in: formData` parameters are mapped onto it. */
export interface BodyView {
  pointer: string;
  required: boolean;
  media: Map<string, MediaView>;
  /** Where the media types are declared (`content`, or 2.0 `consumes`). */
  mediaPointer: string;
}

/** One response status, with its media types. */
export interface ResponseView {
  pointer: string;
  /** The response as written (maybe a `$ref`), for the header comparison. */
  raw: unknown;
  media: Map<string, MediaView>;
  mediaPointer: string;
}

/** What the comparison needs from one operation, read once. */
export interface OperationDetails {
  parameters: Map<string, ParameterView>;
  body: BodyView | undefined;
  responses: Map<string, ResponseView>;
  security: SecurityView;
}

/** One side's document and the helpers bound to it. */
export interface SpecSide {
  doc: Record<string, unknown>;
  swagger2: boolean;
  resolve: ResolveRef;
  reader: SchemaReader;
}
