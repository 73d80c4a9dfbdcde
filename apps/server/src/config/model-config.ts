/** Settings shared by every provider. `name` is what runs and `stageModels` refer to. */
interface ProviderConfigBase {
  name: string;
  /** Without trailing slash: `https://api.openai.com/v1`, `https://api.anthropic.com`. */
  baseUrl: string;
  /** Undefined for keyless local servers (Ollama, vLLM, llama.cpp, LM Studio). */
  apiKey: string | undefined;
  /** Model names in preference order; the first is what `auto` picks. Never empty. */
  models: string[];
  /** True: streaming requests (server-sent events); false: one JSON answer. */
  streaming: boolean;
}

/** An OpenAI-compatible chat-completions server. */
export interface OpenAiCompatibleProviderConfig extends ProviderConfigBase {
  kind: 'openai-compatible';
  /** Send `response_format: { type: 'json_object' }` for JSON stages. */
  jsonMode: boolean;
}

/** The Anthropic Messages API. */
export interface AnthropicProviderConfig extends ProviderConfigBase {
  kind: 'anthropic';
  /** `max_tokens` of every request (the API requires it). */
  maxTokens: number;
}

/** One configured provider. */
export type ModelProviderConfig = OpenAiCompatibleProviderConfig | AnthropicProviderConfig;

/** The configured model providers, in preference order; empty when none is configured. */
export interface ModelProvidersConfig {
  providers: ModelProviderConfig[];
}

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

type Env = Record<string, string | undefined>;

function readFlag(env: Env, name: string, problems: string[]): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined) return undefined;
  if (TRUE.has(raw)) return true;
  if (FALSE.has(raw)) return false;
  problems.push(`${name} must be true or false, got "${env[name]}".`);
  return undefined;
}

/** Comma-separated names, trimmed, empty items dropped, first occurrence kept. */
function readList(raw: string | undefined): string[] {
  const names = (raw ?? '').split(',').map((name) => name.trim());
  return [...new Set(names.filter(Boolean))];
}

function readBaseUrl(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    problems.push(`${name} must be an http(s) URL, got "${raw}".`);
    return fallback;
  }
  return raw.replace(/\/+$/, '');
}

/** The common part of one provider; undefined when the provider is not configured. */
function readProviderBase(
  env: Env,
  prefix: 'OPENAI' | 'ANTHROPIC',
  fallbackUrl: string,
  problems: string[],
): Omit<ProviderConfigBase, 'name' | 'streaming'> | undefined {
  const rawUrl = env[`${prefix}_BASE_URL`]?.trim();
  const apiKey = env[`${prefix}_API_KEY`]?.trim() || undefined;
  const models = readList(env[`${prefix}_MODELS`]);
  if (!rawUrl && !apiKey) {
    if (models.length > 0)
      problems.push(`${prefix}_MODELS is set but neither ${prefix}_BASE_URL nor ${prefix}_API_KEY is.`);
    return undefined;
  }
  if (models.length === 0) {
    problems.push(
      `${prefix}_MODELS is required when ${prefix}_BASE_URL or ${prefix}_API_KEY is set: list the model names separated by commas (svc never guesses them).`,
    );
  }
  return { baseUrl: readBaseUrl(env, `${prefix}_BASE_URL`, fallbackUrl, problems), apiKey, models };
}

function readMaxTokens(env: Env, problems: string[]): number {
  const raw = env.ANTHROPIC_MAX_TOKENS?.trim();
  if (raw === undefined || raw === '') return DEFAULT_ANTHROPIC_MAX_TOKENS;
  const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
    problems.push(
      `ANTHROPIC_MAX_TOKENS must be an integer from 1 to 1000000, got "${env.ANTHROPIC_MAX_TOKENS}".`,
    );
    return DEFAULT_ANTHROPIC_MAX_TOKENS;
  }
  return value;
}

/**
 * Reads the model provider variables (`OPENAI_*`, `ANTHROPIC_*`, `MODEL_STREAMING`) into
 * providers in preference order, OpenAI-compatible first. Pushes one message per problem;
 * messages never contain an API key. Nothing configured gives no providers (the core then
 * answers with its echo stub).
 *
 * @example
 * ```ts
 * const problems: string[] = [];
 * const models = readModelProvidersConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODELS: 'llama3.2' }, problems);
 * ```
 */
export function readModelProvidersConfig(env: Env, problems: string[]): ModelProvidersConfig {
  const streaming = readFlag(env, 'MODEL_STREAMING', problems) ?? true;
  const jsonMode = readFlag(env, 'OPENAI_JSON_MODE', problems);
  const maxTokens = readMaxTokens(env, problems);
  const providers: ModelProviderConfig[] = [];
  const openai = readProviderBase(env, 'OPENAI', DEFAULT_OPENAI_BASE_URL, problems);
  if (openai) {
    // Only the hosted API is known to accept `response_format`; other servers opt in.
    const hosted = new URL(openai.baseUrl).hostname === 'api.openai.com';
    providers.push({
      kind: 'openai-compatible',
      name: 'openai',
      ...openai,
      streaming,
      jsonMode: jsonMode ?? hosted,
    });
  }
  const anthropic = readProviderBase(env, 'ANTHROPIC', DEFAULT_ANTHROPIC_BASE_URL, problems);
  if (anthropic) providers.push({ kind: 'anthropic', name: 'anthropic', ...anthropic, streaming, maxTokens });
  return { providers };
}
