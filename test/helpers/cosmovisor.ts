import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Cleanups } from './cleanup.js'
import { createDevnetHome, type DevnetHome, type RunningNode } from './devnet.js'
import { LOOPBACK_PORTS, SDKD_BIN, type SdkdProcess, startProcess, waitFor } from './sdkd.js'
import { requireUpstreamTool } from './upstream-tools.js'

/**
 * Real cosmovisor (the pinned upstream build in `.tools/bin`) supervising real `sdkd` processes on a
 * devnet home laid out as docs/upgrades.md, "cosmovisor", says: `sdkd` on the PATH, and in each
 * `cosmovisor/<genesis|upgrades/<name>>/bin/` a two-line wrapper that selects an app version.
 */

export const COSMOVISOR = requireUpstreamTool('cosmovisor', 'cosmovisor tests')

/** The wrapper script that is "the binary" of one app version (docs/upgrades.md, "cosmovisor"). */
export const wrapperScript = (appVersion: string, extra = '') =>
  `#!/bin/sh\nexec sdkd --app-version ${appVersion} "$@"${extra}\n`

/** A devnet home with cosmovisor's layout and a directory holding `sdkd` for the PATH. */
export interface CosmovisorHome extends DevnetHome {
  /** Holds the `sdkd` on the PATH (what `npm link` gives a user). */
  bin: string
  /** `<home>/cosmovisor`. */
  root: string
}

/** Writes an executable file. */
export async function writeExecutable(path: string, text: string): Promise<void> {
  await writeFile(path, text)
  await chmod(path, 0o755)
}

/**
 * A v1 devnet home under cosmovisor: `genesis/bin/sdkd` runs v1, and each of `upgrades` (plan name
 * → app version) gets `upgrades/<name>/bin/sdkd`.
 */
export async function createCosmovisorHome(
  cleanups: Cleanups,
  upgrades: Record<string, string> = { v2: 'v2' },
): Promise<CosmovisorHome> {
  const home = await createDevnetHome('cosmovisor-e2e', {}, 'v1')
  cleanups.push(home.cleanup)
  const bin = join(home.dir, 'test-bin')
  await mkdir(bin)
  await writeExecutable(
    join(bin, 'sdkd'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(SDKD_BIN)} "$@"\n`,
  )
  const root = join(home.dir, 'cosmovisor')
  await mkdir(join(root, 'genesis/bin'), { recursive: true })
  await writeExecutable(join(root, 'genesis/bin/sdkd'), wrapperScript('v1'))
  for (const [name, appVersion] of Object.entries(upgrades)) {
    await mkdir(join(root, 'upgrades', name, 'bin'), { recursive: true })
    await writeExecutable(join(root, 'upgrades', name, 'bin/sdkd'), wrapperScript(appVersion))
  }
  return { ...home, bin, root }
}

/** The environment of a cosmovisor (and of the sdkd commands it runs) on the home. */
export function cosmovisorEnv(
  home: CosmovisorHome,
  env: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: `${home.bin}:${process.env.PATH}`,
    DAEMON_NAME: 'sdkd',
    DAEMON_HOME: home.dir,
    SDKD_HOME: home.dir,
    COSMOVISOR_COLOR_LOGS: 'false',
    // The variables a developer's shell may hold, unset unless the test sets them.
    DAEMON_ALLOW_DOWNLOAD_BINARIES: '',
    DAEMON_RESTART_AFTER_UPGRADE: '',
    DAEMON_RESTART_DELAY: '',
    DAEMON_SHUTDOWN_GRACE: '',
    DAEMON_DATA_BACKUP_DIR: '',
    DAEMON_PREUPGRADE_MAX_RETRIES: '',
    UNSAFE_SKIP_BACKUP: '',
    COSMOVISOR_CUSTOM_PREUPGRADE: '',
    ...env,
  }
}

/**
 * The `start` arguments cosmovisor passes to every sdkd it runs: ports of the OS's choosing, and
 * `--upgrade-halt wait` as docs/upgrades.md's recipe has it (the halted node waits to be stopped).
 */
export const START_ARGS = [
  'start',
  '--log_format',
  'json',
  ...LOOPBACK_PORTS,
  '--grpc.enable=false',
  '--timeout-commit',
  '100ms',
  '--upgrade-halt',
  'wait',
]

/**
 * `cosmovisor run start …` on the home, in a process group of its own (cosmovisor v1.5.0 can exit
 * on a SIGTERM after a relaunch and leave its app running: the cleanup kills the group).
 */
export function startCosmovisor(
  cleanups: Cleanups,
  home: CosmovisorHome,
  env: NodeJS.ProcessEnv = {},
  startArgs: readonly string[] = START_ARGS,
): SdkdProcess {
  if (!COSMOVISOR.path) throw new Error(COSMOVISOR.skipReason)
  const p = startProcess(COSMOVISOR.path, ['run', ...startArgs], {
    env: cosmovisorEnv(home, env),
    detached: true,
  })
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** cosmovisor's own log lines (`10:35PM INF running app args=… module=cosmovisor …`). */
export function cosmovisorLines(p: SdkdProcess): string[] {
  return p
    .output()
    .split('\n')
    .filter((l) => / module=cosmovisor\b/.test(l) && !l.startsWith('{'))
}

/**
 * The messages of cosmovisor's info lines, in order: each line's text between the level and the
 * fields, read against the messages a test expects (messages have spaces; fields are `key=value`).
 * Its errors are `ERR error="…"` lines with no message.
 */
export function cosmovisorMessages(p: SdkdProcess, known: readonly string[]): string[] {
  return cosmovisorLines(p).flatMap((line) => {
    if (!/^\S+ INF /.test(line)) return []
    const text = line.replace(/^\S+ INF /, '')
    return known.find((m) => text === m || text.startsWith(`${m} `)) ?? text
  })
}

/**
 * The node of the `run`-th app a supervisor started (1 = the first): the ports it logged after the
 * supervisor's `running app` line of that run — cosmovisor's plain line or `sdkd run`'s JSON one (a
 * run may end before it serves everything).
 */
export async function appNode(p: SdkdProcess, run: number): Promise<RunningNode> {
  const linesOfRun = () => {
    const part = p.output().split(/^(?:\S+ INF running app .*|\{.*"msg":"running app".*)$/m)[run]
    return (part ?? '').split('\n').flatMap((l) => {
      try {
        return l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : []
      } catch {
        return []
      }
    })
  }
  const portOf = async (msg: string) => {
    const line = await waitFor(
      async () => linesOfRun().find((l) => l.msg === msg),
      40_000,
      `app run ${run}: "${msg}"`,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n--- output\n${p.output().slice(-4000)}`)
    })
    return Number(/:(\d+)$/.exec(String(line.address))![1])
  }
  const rpcPort = await portOf('serving CometBFT RPC')
  const apiPort = await portOf('serving REST API')
  return {
    p,
    rpcPort,
    apiPort,
    rpc: `tcp://127.0.0.1:${rpcPort}`,
    api: `http://127.0.0.1:${apiPort}`,
  }
}
