import { spawn } from 'node:child_process'
import { type Stats, statSync, watch } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createNodeClient } from '../../client/node-client.js'
import { homePaths } from '../../config/paths.js'
import type { LogCapture } from './log-capture.js'

/**
 * `--inject kill-at-halt`: the old binary runs as a real `sdkd start` child process on the rehearsal
 * home (dev API on, RPC on a free port), is mined up to the upgrade height through `dev_mine`, and is
 * killed with SIGKILL the moment `data/upgrade-info.json` appears — what a power cut or an OOM kill
 * at the halt does.
 */

/** This CLI's entry point, run by the same Node. */
const MAIN = fileURLToPath(new URL('../main.js', import.meta.url))

/** Blocks per `dev_mine` call. */
const CHUNK = 5_000

/** What happened to the child. */
export interface ChildOutcome {
  /** SIGKILL was sent because upgrade-info.json appeared. */
  killed: boolean
  code: number | null
  signal: string | null
  /** The last height the child reported as mined. */
  minedTo: number
  /** Why it went otherwise (the child's error output, or what never happened). */
  problem?: string
}

const statOf = (path: string): Stats | undefined => {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** Runs `sdkd start` of `appVersion` on `dir` as a child, mines to `height`, kills it at the halt. */
export async function killChildAtHalt(o: {
  dir: string
  appVersion: string
  height: number
  logs: LogCapture
  timeoutMs: number
  /** Receives a way to kill the child (the rehearsal is interrupted). */
  onSpawn?: (kill: () => void) => void
}): Promise<ChildOutcome> {
  const paths = homePaths(o.dir)
  const before = statOf(paths.upgradeInfo)
  const child = spawn(
    process.execPath,
    [
      MAIN,
      '--home',
      o.dir,
      '--app-version',
      o.appVersion,
      '--log_format',
      'json',
      '--log_level',
      'info',
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.enable=false',
      '--grpc.enable=false',
      // The rehearsal may run beside the devnet it copies: never bind its metrics port.
      '--instrumentation.prometheus=false',
      '--dev.enable',
      // One block at start, then none by the clock: the dev API mines the rest.
      '--timeout-commit',
      '1h',
      '--pruning',
      'nothing',
      '--min-retain-blocks',
      '0',
      '--halt-height',
      '0',
      '--halt-time',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  )
  o.onSpawn?.(() => child.kill('SIGKILL'))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  )
  let stderr = ''
  child.stderr!.on('data', (d) => {
    stderr += d
  })
  let rpcAddress: (address: string) => void = () => undefined
  const listening = new Promise<string>((resolve) => {
    rpcAddress = resolve
  })
  let partial = ''
  child.stdout!.on('data', (d) => {
    const text = partial + String(d)
    const cut = text.lastIndexOf('\n')
    partial = text.slice(cut + 1)
    if (cut < 0) return
    const lines = text.slice(0, cut)
    o.logs.push(lines)
    for (const line of lines.split('\n')) {
      if (!line.includes('"serving CometBFT RPC"')) continue
      try {
        rpcAddress(String((JSON.parse(line) as { address?: unknown }).address))
      } catch {
        // not a whole JSON line
      }
    }
  })

  // The moment the file appears (a new file: an older one from an earlier upgrade does not count).
  let killed = false
  const check = () => {
    const now = statOf(paths.upgradeInfo)
    if (!killed && now && (!before || now.ino !== before.ino || now.mtimeMs !== before.mtimeMs))
      killed = child.kill('SIGKILL')
  }
  const watcher = watch(paths.dataDir, check)
  const poll = setInterval(check, 2)
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs)
  let minedTo = 0
  let problem: string | undefined
  try {
    const address = await Promise.race([listening, exited.then(() => undefined)])
    if (address === undefined) {
      problem = `the child exited before serving its RPC: ${stderr.trim() || 'no error output'}`
    } else {
      const client = createNodeClient({ url: `tcp://${address}` })
      await client.call('dev_setMining', { mode: 'manual' })
      minedTo = Number(((await client.call('dev_status', {})) as { height?: string }).height)
      while (!killed && minedTo < o.height) {
        try {
          const r = (await client.call('dev_mine', {
            blocks: Math.min(CHUNK, o.height - minedTo),
          })) as { height?: string }
          minedTo = Number(r.height)
        } catch {
          // The halt (an RPC error) or the kill (the connection drops).
          break
        }
      }
      check()
      if (!killed) {
        problem = `upgrade-info.json did not appear (mined to ${minedTo})`
        child.kill('SIGKILL')
      }
    }
  } catch (err) {
    problem = `driving the child failed: ${(err as Error).message}`
    child.kill('SIGKILL')
  }
  const end = await exited
  watcher.close()
  clearInterval(poll)
  clearTimeout(timer)
  if (partial.startsWith('{')) o.logs.push(partial)
  return { killed, code: end.code, signal: end.signal, minedTo, ...(problem ? { problem } : {}) }
}
