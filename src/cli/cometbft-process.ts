import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { delimiter, isAbsolute, join } from 'node:path'
import type { Logger } from '../logger.js'
import { CliError } from './errors.js'

/** The environment variable naming the cometbft binary when `--cometbft-bin` is not given. */
export const COMETBFT_BIN_ENV = 'SDKD_COMETBFT_BIN'

/**
 * The cometbft binary to run: `--cometbft-bin`, else `$SDKD_COMETBFT_BIN`, else `cometbft` on the
 * PATH. A missing one is an error that says how to give it.
 */
export function findCometbft(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const given = flag ?? env[COMETBFT_BIN_ENV]
  if (given !== undefined && given !== '') {
    if (!isExecutable(given)) {
      throw new CliError(
        `cometbft binary ${JSON.stringify(given)} (from ${flag !== undefined ? '--cometbft-bin' : COMETBFT_BIN_ENV}) does not exist or is not executable`,
      )
    }
    return given
  }
  const found = onPath('cometbft', env)
  if (found !== undefined) return found
  throw new CliError(
    `--consensus cometbft needs the cometbft binary (v0.38): none on the PATH. Install it (go install github.com/cometbft/cometbft/cmd/cometbft@v0.38.x) or name it with --cometbft-bin or ${COMETBFT_BIN_ENV}`,
  )
}

/** The executable `name` on the PATH, if any. */
function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue
    const candidate = join(dir, name)
    if (isExecutable(candidate)) return candidate
  }
  return undefined
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The file that records the pid of the cometbft a node started, so the next start can wait for it. */
export function cometPidFile(home: string): string {
  return join(home, 'data', 'cometbft.pid')
}

/**
 * Waits for the cometbft a previous run of this home started (it outlives an sdkd killed with
 * SIGKILL until it notices the app is gone): its databases' locks and its ports are free after.
 * After `graceMs` it is sent SIGTERM, and SIGKILL after as long again.
 */
export async function waitForPreviousCometbft(
  home: string,
  logger: Logger,
  graceMs = 5_000,
): Promise<void> {
  const file = cometPidFile(home)
  if (!existsSync(file)) return
  const pid = Number((await readFile(file, 'utf8')).trim())
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.info({ pid }, 'waiting for the cometbft of a previous run to exit')
    if (!(await exited(pid, graceMs))) {
      process.kill(pid, 'SIGTERM')
      if (!(await exited(pid, graceMs))) process.kill(pid, 'SIGKILL')
      await exited(pid, graceMs)
    }
  }
  await rm(file, { force: true })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!isAlive(pid)) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return !isAlive(pid)
}

/**
 * Whether CometBFT's block store (`blockstore.db` in config.toml's `db_dir`, `data` by default, a
 * goleveldb database) holds no block: it
 * is missing, or it has no table file and only empty journals (what CometBFT leaves after opening
 * it and writing nothing, e.g. a start that failed its handshake). Read from the file sizes alone,
 * so CometBFT's database is never opened by another LevelDB implementation.
 */
export async function cometBlockStoreEmpty(home: string, dbDir = 'data'): Promise<boolean> {
  const dir = join(isAbsolute(dbDir) ? dbDir : join(home, dbDir), 'blockstore.db')
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return true
  }
  for (const name of names) {
    if (name.endsWith('.ldb') || name.endsWith('.sst')) return false
    if (name.endsWith('.log') && (await stat(join(dir, name))).size > 0) return false
  }
  return true
}

/** A running cometbft child. */
export interface CometbftChild {
  readonly process: ChildProcess
  /** Resolves with its exit code (or 128 + signal number) when it exits. */
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>
}

/**
 * Starts `cometbft start --home <home> --proxy_app <app>` on the node's home, with its output
 * passed through, bound to end with sdkd where the platform allows (see below). The
 * genesis it reads is `genesisFile` (through `CMT_GENESIS_FILE`); `CMTHOME`/`TMHOME` are removed
 * from its environment, since they would override `--home`.
 */
export async function startCometbft(o: {
  bin: string
  home: string
  genesisFile: string
  /** Where the app's ABCI server listens (bound, so config.toml's port 0 works too). */
  proxyApp: string
  /** CometBFT's node flags given on sdkd's command line (`--rpc.laddr=…`), passed on as they are. */
  flags?: readonly string[]
  logger: Logger
  env?: NodeJS.ProcessEnv
}): Promise<CometbftChild> {
  const env: NodeJS.ProcessEnv = { ...(o.env ?? process.env), CMT_GENESIS_FILE: o.genesisFile }
  delete env.CMTHOME
  delete env.TMHOME
  const args = ['start', '--home', o.home, '--proxy_app', o.proxyApp]
  args.push(...(o.flags ?? []))
  // cometbft must not outlive sdkd: once its app is gone, its own graceful stop can hang for good
  // (its consensus routine waits on an ABCI call that never returns), holding its databases'
  // locks and its ports. Where util-linux's setpriv is found (Linux), the kernel sends cometbft
  // SIGKILL when sdkd dies, whatever killed it; cometbft is crash-safe by design (its handshake
  // replays what the crash left). setpriv execs cometbft, so the pid is cometbft's own.
  const setpriv = onPath('setpriv', process.env)
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', o.bin, ...args], {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      })
    : spawn(o.bin, args, { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
    child.once('error', (err) => {
      o.logger.error({ err: err.message, bin: o.bin }, 'cannot run cometbft')
      resolve({ code: 127, signal: null })
    })
  })
  if (child.pid !== undefined) await writeFile(cometPidFile(o.home), `${child.pid}\n`)
  o.logger.info({ pid: child.pid, bin: o.bin }, 'started cometbft')
  let stopping: Promise<void> | undefined
  return {
    process: child,
    exit,
    stop(graceMs = 10_000) {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM')
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
          await exit
          clearTimeout(timer)
        }
        await rm(cometPidFile(o.home), { force: true })
      })()
      return stopping
    },
  }
}
