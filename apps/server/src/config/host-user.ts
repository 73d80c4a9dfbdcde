import { readFileSync } from 'node:fs';

/** The operating-system user host commands run as. */
export interface HostUser {
  name: string;
  uid: number;
  gid: number;
}

/** What deciding the host user needs to know about this machine (the real one by default). */
export interface HostUserSystem {
  /** The server's own uid (undefined where there are no uids). */
  uid: number | undefined;
  /** The text of `/etc/passwd`. */
  readPasswd(): string;
}

const REAL_SYSTEM: HostUserSystem = {
  uid: process.getuid?.(),
  readPasswd: () => readFileSync('/etc/passwd', 'utf8'),
};

/**
 * Decides which user host commands run as, from `SVC_LMX_HOST_USER` (a name or a numeric uid).
 * A server running as **root** runs them as that user — `nobody` by default — so a command can
 * neither read the server's environment (`/proc/<server pid>/environ`, which holds
 * `JWT_SECRET`) nor its memory; naming a uid-0 user keeps commands as root on purpose. A server
 * running as any other user cannot switch users: commands run as the server's own user (the
 * answer is undefined), and asking for another one is a problem. Problems are pushed onto
 * `problems` (the server refuses to start on any).
 *
 * @example
 * const problems: string[] = [];
 * resolveHostUser(undefined, problems); // { name: 'nobody', uid: 65534, gid: 65534 } when the server is root
 */
export function resolveHostUser(
  raw: string | undefined,
  problems: string[],
  system: HostUserSystem = REAL_SYSTEM,
): HostUser | undefined {
  const wanted = raw?.trim() || undefined;
  const root = system.uid === 0;
  if (!root && wanted === undefined) return undefined;
  const name = wanted ?? 'nobody';
  let user: HostUser | undefined;
  try {
    user = findUser(system.readPasswd(), name);
  } catch {
    user = undefined;
  }
  if (!user) {
    problems.push(
      `SVC_LMX_HOST_USER: there is no user "${name}" on this machine (host commands of a server running as root run as that user; nobody by default).`,
    );
    return undefined;
  }
  if (!root) {
    if (user.uid === system.uid) return undefined;
    problems.push(
      `SVC_LMX_HOST_USER: only a server running as root can run host commands as another user (this one runs as uid ${system.uid}).`,
    );
    return undefined;
  }
  return user.uid === 0 ? undefined : user;
}

/** The passwd entry named `name` (or whose uid is `name`, when it is a number). */
function findUser(passwd: string, name: string): HostUser | undefined {
  for (const line of passwd.split('\n')) {
    const [entryName, , uid, gid] = line.split(':');
    if (entryName === undefined || uid === undefined || gid === undefined) continue;
    if (entryName === name || (/^\d+$/.test(name) && uid === name)) {
      return { name: entryName, uid: Number(uid), gid: Number(gid) };
    }
  }
  return undefined;
}
