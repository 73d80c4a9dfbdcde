// The two wire formats the fake model server speaks: OpenAI chat completions and Anthropic
// Messages, as JSON bodies and as server-sent event frames.

/** Which protocol a request used, chosen by its path. */
export type FakeModelProtocol = 'openai' | 'anthropic';

/** Token counts of a scripted answer. */
export interface FakeUsage {
  input: number;
  output: number;
}

type Json = Record<string, unknown>;

function readContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((block) => (typeof block?.text === 'string' ? block.text : '')).join('');
}

/** All prompt text of a request (system and messages), for the default usage. */
function readPrompt(body: Json): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  return [readContent(body.system), ...messages.map((message) => readContent(message?.content))].join('');
}

/**
 * The deterministic default answer: `[model] <first line of the last user message>`, or a
 * JSON object with the same facts when the request asked for a JSON object.
 */
export function toDefaultText(body: Json): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const lastUser = messages.filter((message) => message?.role === 'user').at(-1);
  const firstLine = readContent(lastUser?.content).split('\n')[0] ?? '';
  const model = String(body.model);
  const format = body.response_format as { type?: unknown } | undefined;
  return format?.type === 'json_object'
    ? JSON.stringify({ model, echo: firstLine })
    : `[${model}] ${firstLine}`;
}

/** Default usage: a quarter of the characters in, a quarter of the answer out. */
export function toDefaultUsage(body: Json, text: string): FakeUsage {
  return { input: Math.ceil(readPrompt(body).length / 4), output: Math.max(1, Math.ceil(text.length / 4)) };
}

/** Splits an answer into word-sized stream deltas. */
function toDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** The error body each protocol sends for a failed request. */
export function toErrorBody(protocol: FakeModelProtocol, status: number): Json {
  const message = `fake upstream error ${status}`;
  return protocol === 'openai'
    ? { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } }
    : { type: 'error', error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } };
}

/** A complete (non-streaming) answer body. */
export function toJsonAnswer(
  protocol: FakeModelProtocol,
  model: string,
  text: string,
  usage: FakeUsage | null,
): Json {
  if (protocol === 'openai') {
    const answer: Json = {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    };
    if (usage)
      answer.usage = {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
      };
    return answer;
  }
  const answer: Json = {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
  };
  if (usage) answer.usage = { input_tokens: usage.input, output_tokens: usage.output };
  return answer;
}

function openaiChunk(model: string, choices: Json[], extra: Json = {}): string {
  const chunk = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices,
    ...extra,
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function anthropicEvent(type: string, data: Json): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/**
 * The frames of a streamed answer. OpenAI sends usage in a last chunk with empty choices
 * only when the request set `stream_options.include_usage`, like the real API.
 */
export function toStreamFrames(args: {
  protocol: FakeModelProtocol;
  body: Json;
  text: string;
  usage: FakeUsage | null;
  errorEvent?: { type: string; message: string } | undefined;
}): string[] {
  const { protocol, body, text, usage, errorEvent } = args;
  const model = String(body.model);
  const deltas = toDeltas(text);
  if (protocol === 'openai') {
    const frames = [
      openaiChunk(model, [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
    ];
    for (const content of deltas)
      frames.push(openaiChunk(model, [{ index: 0, delta: { content }, finish_reason: null }]));
    frames.push(openaiChunk(model, [{ index: 0, delta: {}, finish_reason: 'stop' }]));
    const options = body.stream_options as { include_usage?: unknown } | undefined;
    if (usage && options?.include_usage === true) {
      const counts = {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
      };
      frames.push(openaiChunk(model, [], { usage: counts }));
    }
    return [...frames, 'data: [DONE]\n\n'];
  }
  const startUsage = usage ? { usage: { input_tokens: usage.input, output_tokens: 1 } } : {};
  const frames = [
    anthropicEvent('message_start', {
      message: { id: 'msg_fake', type: 'message', role: 'assistant', model, content: [], ...startUsage },
    }),
    anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    anthropicEvent('ping', {}),
  ];
  for (const [index, delta] of deltas.entries()) {
    frames.push(
      anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: delta } }),
    );
    if (errorEvent && index === 0) return [...frames, anthropicEvent('error', { error: errorEvent })];
  }
  if (errorEvent) return [...frames, anthropicEvent('error', { error: errorEvent })];
  frames.push(anthropicEvent('content_block_stop', { index: 0 }));
  const endUsage = usage ? { usage: { output_tokens: usage.output } } : {};
  frames.push(
    anthropicEvent('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, ...endUsage }),
  );
  return [...frames, anthropicEvent('message_stop', {})];
}
