import { describe, expect, it } from 'vitest';
import { resolveHostUser } from './host-user.js';

const PASSWD = [
  'root:x:0:0:root:/root:/bin/bash',
  'svc:x:1000:1000::/home/svc:/bin/sh',
  'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
].join('\n');
const as = (uid: number, passwd = PASSWD) => ({ uid, readPasswd: () => passwd });

describe('the user host commands run as', () => {
  it('is nobody for a server running as root, unless SVC_LMX_HOST_USER names another', () => {
    const problems: string[] = [];
    expect(resolveHostUser(undefined, problems, as(0))).toEqual({ name: 'nobody', uid: 65534, gid: 65534 });
    expect(resolveHostUser('svc', problems, as(0))).toEqual({ name: 'svc', uid: 1000, gid: 1000 });
    expect(resolveHostUser('1000', problems, as(0))).toEqual({ name: 'svc', uid: 1000, gid: 1000 });
    expect(problems).toEqual([]);
  });

  it('stays root only when SVC_LMX_HOST_USER names root on purpose', () => {
    const problems: string[] = [];
    expect(resolveHostUser('root', problems, as(0))).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('refuses to start a root server when the user does not exist', () => {
    const problems: string[] = [];
    expect(resolveHostUser(undefined, problems, as(0, 'root:x:0:0::/root:/bin/sh'))).toBeUndefined();
    expect(problems).toEqual([expect.stringMatching(/^SVC_LMX_HOST_USER: there is no user "nobody"/)]);
  });

  it("keeps the server's own user when it is not root, and refuses another one there", () => {
    const problems: string[] = [];
    expect(resolveHostUser(undefined, problems, as(1000))).toBeUndefined();
    expect(resolveHostUser('svc', problems, as(1000))).toBeUndefined();
    expect(problems).toEqual([]);
    expect(resolveHostUser('nobody', problems, as(1000))).toBeUndefined();
    expect(problems).toEqual([expect.stringMatching(/only a server running as root/)]);
  });
});
