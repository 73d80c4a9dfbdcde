// The peer of the orchestration bench: DEFAULT_PIPELINE rebuilt as a LangChain (@langchain/core)
// chain doing the same work per stage — a ChatPromptTemplate (system + user message with the task,
// the run's inputs and the prior stages' outputs), a fake chat model answering the same text as
// our fake provider, and StringOutputParser — composed with RunnableSequence and
// RunnablePassthrough.assign so stage N sees the outputs of earlier stages.
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { STAGE_TEXT } from './fake-provider.mjs';

// The same system prompt our runner builds for a markdown stage (standard mode and depth).
const SYSTEM =
  'You are a sharp product strategist working through an ideation pipeline.\nAnswer in GitHub-flavoured markdown.';

/** `{{input.topic}}` → `{topic}`: the template variable is filled per run, as in our runner. */
function toTemplate(task) {
  return task
    .replaceAll('{', '{{')
    .replaceAll('}', '}}')
    .replace(/\{\{\{\{\s*input\.(\w+)\s*\}\}\}\}/g, '{$1}');
}

/**
 * Builds the six-step chain for `pipeline` (a dreamer-core `PipelineDefinition`). Invoke it with
 * `{ topic, constraints }`; it resolves to those inputs plus one string per stage key.
 */
export function createLangchainPipeline(pipeline) {
  const model = new FakeListChatModel({ responses: [STAGE_TEXT] });
  const parser = new StringOutputParser();
  const steps = pipeline.stages.map((stage) => {
    const user = [toTemplate(stage.task)];
    for (const key of stage.priorOutputs ?? []) user.push(`--- Output of stage "${key}" ---\n{${key}}`);
    const prompt = ChatPromptTemplate.fromMessages([
      ['system', SYSTEM],
      ['human', user.join('\n\n')],
    ]);
    return RunnablePassthrough.assign({ [stage.key]: RunnableSequence.from([prompt, model, parser]) });
  });
  return RunnableSequence.from(steps);
}
