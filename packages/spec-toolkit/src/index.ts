export type { BuildSpecArgs, BuildSpecResult, EndpointSketch } from './build-spec.js';
export { buildSpec } from './build-spec.js';
export type { BundleSpecArgs, BundleSpecResult } from './bundle-spec.js';
export { bundleSpec } from './bundle-spec.js';
export type {
  Change,
  ChangedOperation,
  ChangeLevel,
  ChangeSide,
  DiagnosticSide,
  DiffArgs,
  DiffDiagnostic,
  DiffResult,
  DiffSummary,
} from './diff.js';
export { diff } from './diff.js';
export { isSpecToolkitError, SpecToolkitError } from './errors.js';
export type { ExampleRequestArgs, ExampleRequestOptions, ExampleRequestResult } from './example-request.js';
export { exampleRequest } from './example-request.js';
export type { IgnoreKey, IgnoreList } from './ignore-file.js';
export { IGNORE_FILE_NAME, parseIgnoreFile, toIgnoreFileText } from './ignore-file.js';
export type {
  Endpoint,
  EndpointParam,
  EndpointRequestBody,
  EndpointResponse,
  ListEndpointsArgs,
  ListEndpointsResult,
} from './list-endpoints.js';
export { listEndpoints } from './list-endpoints.js';
export { createMemoryResolver } from './memory-spec-resolver.js';
export type { SpecResolver } from './ports/spec-resolver.js';
export type { ResolvedFile, ResolvedSpec, ResolveSpecArgs } from './resolve-spec.js';
export { resolveSpec } from './resolve-spec.js';
export type { RuleInfo, RuleLevel } from './rules.js';
export { findClosestRuleId, listRuleIds, listValidateRules } from './rules.js';
export type {
  DescribeContext,
  DescribeFunction,
  ToMarkdownArgs,
  ToMarkdownOptions,
  ToMarkdownResult,
} from './to-markdown.js';
export { toMarkdown } from './to-markdown.js';
export type { Diagnostic, HttpMethod, SpecInput, SpecVersion } from './types.js';
export { HTTP_METHODS } from './types.js';
export type { ValidateArgs, ValidateCounts, ValidateOptions, ValidateResult } from './validate.js';
export { validate } from './validate.js';
