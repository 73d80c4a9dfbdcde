import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmnLanguage } from './lmn-language.js';

function run(source: string, input?: unknown) {
  return executeScript({ mode: 'lmn', source, input }, { languages: [lmnLanguage] });
}

describe('lmn, notifications', () => {
  it('prints the dry run of the design sheet example with its template filled', () => {
    const result = run('NOTIFY email TO "ops@example.com" SUBJECT "Disk {{input.disk}}%"', {
      disk: 91,
      now: '12:00',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'dry run: no notify bridge, nothing was sent',
      'would send email to "ops@example.com": subject "Disk 91%" body ""',
      '1 message (1 notification)',
    ]);
    expect(result.value).toEqual([
      {
        channel: 'email',
        recipient: 'ops@example.com',
        subject: 'Disk 91%',
        body: '',
        count: 1,
        sent: false,
      },
    ]);
  });

  it('holds messages in a quiet window that crosses midnight', () => {
    const source =
      'QUIET 22:00-07:00\nNOTIFY sms TO "+33600000000" SUBJECT "Backup failed" BODY "see the log"';
    expect(run(source, { now: '23:30' }).output[1]).toBe(
      'would send sms to "+33600000000": subject "Backup failed" body "see the log" (held until 07:00, quiet 22:00-07:00)',
    );
    expect(run(source, { now: '2026-01-05T06:59:00Z' }).output[1]).toMatch(/held until 07:00/);
    expect(run(source, { now: '07:00' }).output[1]).not.toMatch(/held/);
  });

  it('batches with DIGEST, loops with FOR and filters with WHEN', () => {
    const result = run(
      [
        'DIGEST 2',
        'FOR disk IN input.disks',
        '  NOTIFY email TO "ops@example.com" SUBJECT "{{disk.name}} at {{disk.used}}%" WHEN disk.used > 80',
        'END',
      ].join('\n'),
      {
        now: '10:00',
        disks: [
          { name: 'sda', used: 91 },
          { name: 'sdb', used: 20 },
          { name: 'sdc', used: 85 },
          { name: 'sdd', used: 99 },
        ],
      },
    );
    expect(result.output).toEqual([
      'dry run: no notify bridge, nothing was sent',
      'would send email to "ops@example.com": a digest of 2: ["- sda at 91%","- sdc at 85%"]',
      'would send email to "ops@example.com": subject "sdd at 99%" body ""',
      '2 messages (3 notifications)',
    ]);
  });

  it('reports malformed settings and statements, several at once', () => {
    const result = run('QUIET 25:00-07:00\nDIGEST 2\nDIGEST 3\nNOTIFY TO "x" SUBJECT "y"\nSEND x');
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:7 a quiet window is written HH:MM-HH:MM (24-hour), not "25:00-07:00"',
      '3:1 DIGEST is set once per script',
      '4:8 expected a channel (email, sms, chat, …) after NOTIFY but found name "TO"',
      '5:1 expected NOTIFY, QUIET, DIGEST, LET, PRINT, IF or FOR but found name "SEND"',
    ]);
    expect(run('DIGEST 0').error).toMatchObject({ code: 'E_RUNTIME', line: 1 });
    expect(run('NOTIFY email TO "a" SUBJECT "b"', { now: 'soon' }).error).toMatchObject({ code: 'E_INPUT' });
  });

  it('refuses a recipient that is null, a list, a number or empty, with a typed error', () => {
    const cases: [string, string][] = [
      ['TO input?.who', 'NOTIFY email TO needs a recipient as text, got null'],
      [
        'TO ["a@b.c", "d@e.f"]',
        'NOTIFY email TO needs a recipient as text, got list ["a@b.c", "d@e.f"] (one NOTIFY per recipient: FOR r IN list … NOTIFY … TO r)',
      ],
      ['TO 42', 'NOTIFY email TO needs a recipient as text, got number 42'],
      ['TO ""', 'NOTIFY email TO needs a recipient as text, got an empty string'],
    ];
    for (const [to, message] of cases) {
      const result = run(`NOTIFY email ${to} SUBJECT "hi"`, { now: '12:00' });
      expect(result.error, to).toMatchObject({ code: 'E_RUNTIME', message, line: 1 });
      expect(result.output, to).toEqual([]);
    }
  });
});
