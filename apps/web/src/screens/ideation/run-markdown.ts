/** The parts of a run record (or a finished stream) the Markdown copy needs. */
export interface RunForMarkdown {
  topic: string;
  status: string;
  steps: {
    key: string;
    label: string;
    text: string;
    model?: { provider: string; model: string };
    usage?: { inputTokens: number; outputTokens: number; estimated?: boolean; stub?: boolean };
    durationMs?: number;
    startedAt?: string;
    finishedAt?: string;
  }[];
  error?: { code?: string; message?: string } | null;
}

/**
 * A run as Markdown: the topic as the title, one section per completed stage with the model that
 * wrote it, and the error of a run that did not finish.
 *
 * @example
 * toRunMarkdown({ topic: 'tide pools', status: 'done', steps: [{ key: 'idea', label: 'Ideas', text: '…' }] });
 * // '# tide pools\n\n## Ideas\n\n…\n'
 */
export function toRunMarkdown(run: RunForMarkdown): string {
  const lines = [`# ${run.topic.replace(/\s+/g, ' ').trim()}`, ''];
  if (run.status !== 'done') {
    lines.push(`_Run ${run.status}${run.error?.message ? `: ${run.error.message}` : ''}._`, '');
  }
  for (const step of run.steps) {
    lines.push(`## ${step.label}`, '');
    if (step.model) lines.push(`_${step.model.provider} · ${step.model.model}_`, '');
    lines.push(step.text.trim(), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
