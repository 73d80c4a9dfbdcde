import { type HostUser, type HostUserSystem, resolveHostUser } from './host-user.js';

/** How the host modes (`lms`, `lmk`, `lmd`, `lmnet`, `lmt`) may reach this machine. */
export interface HostModesConfig {
  /** `SVC_LMX_HOST_MODES=1`: without it nobody, admins included, runs a host mode. */
  enabled: boolean;
  /** `SVC_LMX_NET_ALLOWED_HOSTS`: the hosts `lmnet` may reach (comma-separated; none by default). */
  netAllowedHosts: string[];
  /** `SVC_LMX_SHELL_ENV`: names of server environment variables `lms` commands may see (none by default). */
  shellEnv: string[];
  /** The X display of `lmk` and `lmd` (the server's `DISPLAY`). */
  display: string | undefined;
  /** `SVC_LMX_COMMAND_TIMEOUT_MS`: the bound of one `lms` command (10 s by default, at most 120 s). */
  commandTimeoutMs: number;
  /** Bytes kept of one command's stdout and stderr each, and of one `lmnet` answer (1 MiB). */
  maxOutputBytes: number;
  /**
   * `SVC_LMX_HOST_USER`: the user `lms` commands and the X tools run as — `nobody` by default
   * when the server runs as root; undefined: the server's own user (see `resolveHostUser`).
   */
  runAs?: HostUser;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const SECRET_NAME = /SECRET|PASSWORD|PEPPER|TOKEN|KEY|DATABASE_URL|SMTP_URL/i;

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Reads the host modes' settings; problems are pushed onto `problems` (the server refuses to
 * start on any). `SVC_LMX_SHELL_ENV` may not name a variable that looks like a secret.
 *
 * @example
 * const problems: string[] = [];
 * readHostModesConfig({ SVC_LMX_HOST_MODES: '1', SVC_LMX_NET_ALLOWED_HOSTS: '127.0.0.1' }, problems);
 */
export function readHostModesConfig(
  env: Record<string, string | undefined>,
  problems: string[],
  system?: HostUserSystem,
): HostModesConfig {
  const flag = env.SVC_LMX_HOST_MODES?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(flag)) {
    problems.push(`SVC_LMX_HOST_MODES must be true or false, got "${env.SVC_LMX_HOST_MODES}".`);
  }
  const shellEnv = list(env.SVC_LMX_SHELL_ENV);
  for (const name of shellEnv) {
    if (!NAME.test(name)) problems.push(`SVC_LMX_SHELL_ENV: "${name}" is not a variable name.`);
    else if (SECRET_NAME.test(name))
      problems.push(`SVC_LMX_SHELL_ENV: "${name}" looks like a secret; scripts never see secrets.`);
  }
  const timeoutRaw = env.SVC_LMX_COMMAND_TIMEOUT_MS ?? '10000';
  const commandTimeoutMs = /^\d{1,6}$/.test(timeoutRaw) ? Number(timeoutRaw) : Number.NaN;
  if (!Number.isInteger(commandTimeoutMs) || commandTimeoutMs < 100 || commandTimeoutMs > 120_000) {
    problems.push('SVC_LMX_COMMAND_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000.');
  }
  const enabled = ['1', 'true', 'yes', 'on'].includes(flag);
  // Only a server that runs host commands needs a user to run them as.
  const runAs = enabled ? resolveHostUser(env.SVC_LMX_HOST_USER, problems, system) : undefined;
  return {
    ...(runAs ? { runAs } : {}),
    enabled,
    netAllowedHosts: list(env.SVC_LMX_NET_ALLOWED_HOSTS),
    shellEnv,
    display: env.DISPLAY || undefined,
    commandTimeoutMs,
    maxOutputBytes: 1024 * 1024,
  };
}
