import { validate } from '@svc/spec-toolkit';
import { readGithubText } from './inputs.mjs';
const text = readGithubText();
const [what, k] = [process.argv[2], Number(process.argv[3])];
for (let i = 0; i < k; i++) { if (what === 'parse') JSON.parse(text); else validate({ spec: text }); }
