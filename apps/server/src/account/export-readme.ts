/**
 * The README at the root of every export: what each file holds. Kept beside the writer so the
 * two change together; `docs/gate/auth.md` ("Leaving: export and delete") shows the same layout.
 *
 * @example
 * sink.addBuffer(renderExportReadme({ email, exportedAt }));
 */
export function renderExportReadme(input: { email: string; exportedAt: Date; areas: string[] }): string {
  return `# Your svc data

Exported for ${input.email} on ${input.exportedAt.toISOString()}.

Times are epoch milliseconds (UTC). \`.json\` files hold one JSON value; \`.jsonl\` files hold
one JSON object per line.

- \`account.json\` — your account (email, roles, when it was created and verified), your
  sessions (created, expiry, revoked, browser; never their tokens), your API keys (name, prefix,
  created, last used; the secrets were never stored), your wallet balance, your membership and
  your token-pack purchases.
- \`documents/<collection>.jsonl\` — every document you own, one file per collection: activity
  pages (\`activity_pages\`), books (\`activity_books\`), dreamer runs with their steps and
  checkpoints (\`dreamer_runs\`), automations (\`automations\`) and their runs
  (\`automation_runs\`), stored functions (\`function_calls\`) and any collection of your own.
  Each line: \`id\`, \`collection\`, \`visibility\`, \`createdAt\`, \`updatedAt\`, \`body\`.
- \`wallet/ledger.jsonl\` — your token history, oldest first: \`kind\` (grant, spend, refund,
  purchase), \`amount\`, \`balanceAfter\`, \`reason\`, \`createdAt\`.
${input.areas.map((area) => `- \`${area}/\` — ${AREA_NOTES[area] ?? 'what this part of the server keeps about you.'}`).join('\n')}
`;
}

const AREA_NOTES: Record<string, string> = {
  activity:
    '`export-jobs.json` (your book exports) and `books/<bookId>/<jobId>.pdf`, the PDFs already exported.',
  automations: '`triggers.json` (when your automations run) and `run-queue.json` (runs not yet ended).',
  integrations: '`integrations.json`: your webhook integrations (name, URL; not the signing secret).',
  auth: '`sign-in-failures.json`: failed sign-ins counted against your account.',
  admin: '`audit.jsonl`: admin actions about you, or that you took as an admin.',
};
