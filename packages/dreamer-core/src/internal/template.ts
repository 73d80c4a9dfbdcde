const INPUT_TOKEN = /\{\{\s*input\.([A-Za-z0-9_-]+)\s*\}\}/g;

/** Names of the `{{input.name}}` tokens in a task, in order of appearance, without repeats. */
export function findInputTokens(task: string): string[] {
  return [...new Set([...task.matchAll(INPUT_TOKEN)].map((match) => match[1] ?? ''))];
}

/** Replaces `{{input.name}}` tokens; unknown names become an empty string. */
export function substituteInputs(task: string, values: Record<string, string>): string {
  return task.replace(INPUT_TOKEN, (_match, name: string) => values[name] ?? '');
}

/**
 * Fills a task's `{{input.name}}` tokens line by line, leaving out every line whose tokens all
 * resolved to nothing: an optional input left empty must not leave "given these constraints: ."
 * in a prompt. Lines without tokens always stay.
 */
export function fillTask(task: string, values: Record<string, string>): string {
  return task
    .split('\n')
    .filter((line) => {
      const names = findInputTokens(line);
      return names.length === 0 || names.some((name) => (values[name] ?? '').trim() !== '');
    })
    .map((line) => substituteInputs(line, values))
    .join('\n');
}
