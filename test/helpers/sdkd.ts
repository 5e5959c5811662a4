import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { tempDir } from './temp-dir.js'

/** The built CLI entry point. */
export const SDKD_BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))

/**
 * The arguments a test passes, with `--log_format json` first unless the test chose a format: tests
 * read the node's log lines as JSON (plain lines are the default for people).
 */
function withJsonLogs(args: readonly string[]): string[] {
  return args.includes('--log_format') ? [...args] : ['--log_format', 'json', ...args]
}

/** `start` flags that put the RPC and REST servers on loopback ports of the OS's choosing (`boundPorts` reads them back). */
export const LOOPBACK_PORTS = [
  '--rpc.laddr',
  'tcp://127.0.0.1:0',
  '--api.address',
  'tcp://127.0.0.1:0',
] as const

/** `start` flags that put REST on a loopback port of the OS's choosing and turn gRPC off (other tests may hold the defaults). */
export const REST_LOOPBACK_NO_GRPC = [
  '--api.address',
  'tcp://127.0.0.1:0',
  '--grpc.enable=false',
] as const

/** `sdkd start` on the home `dir` with the RPC alone, on a port of the OS's choosing. */
export const rpcOnlyStart = (dir: string): string[] => [
  '--home',
  dir,
  'start',
  '--rpc.laddr',
  'tcp://127.0.0.1:0',
  '--grpc.enable=false',
  '--api.enable=false',
]

/** Where a started node listens, read from its own log lines (so it can bind port 0). */
export interface NodeAddresses {
  rpcPort: number
  apiPort?: number
  grpcPort?: number
}

/**
 * Waits for the node's `serving …` log lines and returns the ports it bound (RPC always; REST, gRPC
 * if on). With `after`, only lines logged after that line count: a supervisor's relaunched app binds
 * new ports, and its lines follow the supervisor's `running app` line.
 */
export async function boundPorts(
  p: SdkdProcess,
  servers: { api?: boolean; grpc?: boolean } = {},
  after?: Record<string, unknown>,
): Promise<NodeAddresses> {
  const portOf = async (msg: string) => {
    const line = after
      ? await waitFor(
          async () => {
            const logs = p.logs()
            const from = logs.indexOf(after)
            if (from < 0) throw new Error('the `after` line is not a line of this process')
            return logs.slice(from + 1).find((l) => l.msg === msg)
          },
          30_000,
          `the log line "${msg}"`,
        ).catch((err: Error) => {
          throw new Error(`${err.message}; output:\n${p.output().slice(-3000)}`)
        })
      : await p.waitForLog((l) => l.msg === msg)
    const port = Number(/:(\d+)$/.exec(String(line.address))![1])
    if (!(port > 0)) throw new Error(`"${msg}" names no bound port: ${String(line.address)}`)
    return port
  }
  return {
    rpcPort: await portOf('serving CometBFT RPC'),
    ...(servers.api ? { apiPort: await portOf('serving REST API') } : {}),
    ...(servers.grpc ? { grpcPort: await portOf('serving gRPC') } : {}),
  }
}

/**
 * The ports `freePort` chooses from: below Linux's default ephemeral range (32768–60999,
 * `net.ipv4.ip_local_port_range`), from which the kernel hands out every port-0 bind and every
 * outgoing connection's source port, and between the gRPC ports and the CometBFT ports of
 * `freeTestnetBase`'s blocks. A port in the ephemeral range that a node binds, stops and binds
 * again (a restart, a switched binary) can be taken in between by any other test's client
 * connection; a port below it only by an explicit bind.
 */
export const CHOSEN_PORTS = { low: 15_210, high: 26_300 }

/** Whether `port` can be bound on 127.0.0.1 right now. */
export function isFreePort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

/**
 * A TCP port that was free a moment ago on 127.0.0.1, below the ephemeral range (`CHOSEN_PORTS`).
 * Another process may still bind it before the caller does, so use it for a port that must be
 * refused, or one a config file has to name; an sdkd node otherwise binds port 0 and the test reads
 * the port back with `boundPorts`.
 */
export async function freePort(): Promise<number> {
  const span = CHOSEN_PORTS.high - CHOSEN_PORTS.low + 1
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = CHOSEN_PORTS.low + Math.floor(Math.random() * span)
    if (await isFreePort(port)) return port
  }
  throw new Error(`no free port in ${CHOSEN_PORTS.low}-${CHOSEN_PORTS.high} on 127.0.0.1`)
}

export interface RunResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Runs `sdkd <args>` to completion (with `input` written to its stdin, if given). */
export function runSdkd(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return runCommand(process.execPath, [SDKD_BIN, ...withJsonLogs(args)], options)
}

/** Runs a program to completion (with `input` written to its stdin, if given). */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    if (options.input !== undefined) child.stdin!.end(options.input)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d) => (stdout += d))
    child.stderr!.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}

/** A running `sdkd` process with its output collected. */
export interface SdkdProcess {
  child: ChildProcess
  /** stdout + stderr so far. */
  output(): string
  /** JSON log lines parsed so far (non-JSON lines are skipped). */
  logs(): Record<string, unknown>[]
  /** Resolves when a log line matches. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Sends a signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts `sdkd <args>` in the background. */
export function startSdkd(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): SdkdProcess {
  return startProcess(process.execPath, [SDKD_BIN, ...withJsonLogs(args)], options)
}

/**
 * Starts a program in the background with its output collected, the JSON lines of it parsed (sdkd's
 * log lines: a supervisor such as cosmovisor passes its app's output through). `detached` gives it
 * a process group of its own, which `stop` signals whole: a supervisor's app goes with it.
 */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; detached?: boolean } = {},
): SdkdProcess {
  const child = spawn(command, args, {
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  })
  let out = ''
  const waiters: {
    match: (l: Record<string, unknown>) => boolean
    resolve: (l: Record<string, unknown>) => void
  }[] = []
  const parsed: Record<string, unknown>[] = []
  // Each stream's unfinished line apart: a chunk of one must not land inside a line of the other.
  const partial = { stdout: '', stderr: '' }
  const onData = (stream: 'stdout' | 'stderr', d: Buffer) => {
    out += d
    const lines = (partial[stream] + d).split('\n')
    partial[stream] = lines.pop() ?? ''
    for (const line of lines) {
      // A log line may follow the unfinished line of a buffered writer of the same stream (V8's
      // --trace-gc output flushes in blocks, not lines), so it is read from its opening brace.
      const at = line.startsWith('{') ? 0 : line.indexOf('{"level":')
      if (at < 0) continue
      try {
        const obj = JSON.parse(line.slice(at)) as Record<string, unknown>
        parsed.push(obj)
        for (const w of [...waiters]) {
          if (w.match(obj)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve(obj)
          }
        }
      } catch {
        // not a log line
      }
    }
  }
  child.stdout!.on('data', (d: Buffer) => onData('stdout', d))
  child.stderr!.on('data', (d: Buffer) => onData('stderr', d))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }))
  })
  return {
    child,
    output: () => out,
    logs: () => [...parsed],
    waitForLog(match, timeoutMs = 30_000) {
      const found = parsed.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for a log line; output:\n${out.slice(-3000)}`)),
          timeoutMs,
        )
        const w = {
          match,
          resolve: (l: Record<string, unknown>) => {
            clearTimeout(timer)
            resolve(l)
          },
        }
        waiters.push(w)
        void exited.then(() => {
          if (waiters.includes(w)) {
            clearTimeout(timer)
            reject(
              new Error(
                `the process exited before the expected log line; output:\n${out.slice(-3000)}`,
              ),
            )
          }
        })
      })
    },
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (options.detached) {
        try {
          process.kill(-child.pid!, signal)
        } catch {
          // the whole group is gone
        }
      } else if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** GETs JSON from a URL: the body parsed, or its text where it is not JSON (`text`: as sent). */
export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const res = await fetch(url, init)
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body, text }
}

/** Polls `fn` until it returns a value (not undefined) or the time runs out. */
export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastErr: unknown
  while (Date.now() < deadline) {
    try {
      const v = await fn()
      if (v !== undefined) return v
    } catch (err) {
      lastErr = err
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(
    `timed out waiting for ${what}${lastErr ? `: ${(lastErr as Error).message}` : ''}`,
  )
}

/** Latest block height from a node's RPC (undefined while it is not up). */
export async function rpcHeight(rpcPort: number): Promise<number | undefined> {
  try {
    const { body } = await getJson(`http://127.0.0.1:${rpcPort}/status`)
    return Number(body.result.sync_info.latest_block_height)
  } catch {
    return undefined
  }
}

/** Polls the node's RPC until its latest height is at least `min`; returns that height. */
export async function heightAtLeast(
  rpcPort: number,
  min: number,
  timeoutMs = 30_000,
): Promise<number> {
  return waitFor(
    async () => {
      const h = await rpcHeight(rpcPort)
      return h !== undefined && h >= min ? h : undefined
    },
    timeoutMs,
    `height ${min} on port ${rpcPort}`,
  )
}

/** A JSON-RPC 2.0 call to a node's RPC port; the whole reply (`result` or `error`). */
export async function rpcCall(
  rpcPort: number,
  method: string,
  params: Record<string, unknown> = {},
): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${rpcPort}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return res.json()
}

/** Mines `blocks` blocks now through the dev API (`dev_mine`); the new height. */
export async function devMine(rpcPort: number, blocks: number): Promise<number> {
  const reply = await rpcCall(rpcPort, 'dev_mine', { blocks })
  if (!reply.result) throw new Error(`dev_mine failed: ${JSON.stringify(reply.error)}`)
  return Number(reply.result.height)
}

/** Initialises a home with `sdkd init` and returns its path. */
export async function initHome(home: string, args: string[] = []): Promise<void> {
  const r = await runSdkd(['--home', home, 'init', 'node0', '--chain-id', 'test-chain', ...args])
  if (r.code !== 0) throw new Error(`sdkd init failed (${r.code}): ${r.stderr}`)
}

/** The mnemonic of the test key `alice` in `fundedHome`. */
export const ABANDON_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

/** Adds key `name` from `mnemonic` to the home's keyring with `sdkd keys add --recover`; its address. */
export async function recoverKey(home: string, name: string, mnemonic: string): Promise<string> {
  const added = await runSdkd(
    ['--home', home, 'keys', 'add', name, '--recover', '--output', 'json'],
    { input: `${mnemonic}\n` },
  )
  expect(added.code, added.stderr).toBe(0)
  return JSON.parse(added.stdout).address
}

/**
 * A fresh home (`sdkd init --chain-id`) whose test keyring holds `alice` (ABANDON_MNEMONIC) and
 * `bob`, alice funded in genesis with 1000000000stake.
 */
export async function fundedHome(chainId: string) {
  const { dir, cleanup } = await tempDir()
  await initHome(dir, ['--chain-id', chainId])
  // Imported here: the keyring's modules (BIP39, BIP32, secp256k1) are most of what importing this
  // helper would otherwise load, and most files that import it never make a funded home.
  const { Keyring } = await import('../../src/client/keyring.js')
  const kr = Keyring.open(dir)
  const alice = (await kr.add('alice', { mnemonic: ABANDON_MNEMONIC })).record
  const bob = (await kr.add('bob')).record
  const added = await runSdkd([
    '--home',
    dir,
    'genesis',
    'add-genesis-account',
    'alice',
    '1000000000stake',
    '--keyring-backend',
    'test',
  ])
  if (added.code !== 0)
    throw new Error(`add-genesis-account failed (${added.code}): ${added.stderr}`)
  return { dir, cleanup, alice, bob }
}

/** A `sdkd devnet --brand cosmos` (what cosmjs's defaults expect) and where it listens. */
export interface CosmosDevnet {
  p: SdkdProcess
  home: string
  rpcPort: number
  /** Undefined when started with `api: false`. */
  apiPort: number | undefined
  /** The RPC's http URL (what cosmjs connects to). */
  rpc: string
}

/**
 * Starts `sdkd devnet --brand cosmos --chain-id <chainId> --accounts 3` in `home` on ports the OS
 * picks (no gRPC; REST unless `api: false`), waits for its first block and, unless `instant: false`,
 * switches it to instant mining (a block per tx). The caller stops `p`.
 */
export async function startCosmosDevnet(
  home: string,
  chainId: string,
  { api = true, instant = true }: { api?: boolean; instant?: boolean } = {},
): Promise<CosmosDevnet> {
  const p = startSdkd([
    ...['--home', home, 'devnet', '--brand', 'cosmos', '--chain-id', chainId, '--accounts', '3'],
    ...['--rpc.laddr', 'tcp://127.0.0.1:0', '--grpc.enable=false'],
    ...(api ? ['--api.address', 'tcp://127.0.0.1:0'] : ['--api.enable=false']),
  ])
  try {
    const { rpcPort, apiPort } = await boundPorts(p, { api })
    await p.waitForLog((l) => l.msg === 'committed block')
    if (instant) {
      const reply = await rpcCall(rpcPort, 'dev_setMining', { mode: 'instant' })
      if (reply.result?.mode !== 'instant')
        throw new Error(`dev_setMining failed: ${JSON.stringify(reply)}`)
    }
    return { p, home, rpcPort, apiPort, rpc: `http://127.0.0.1:${rpcPort}` }
  } catch (err) {
    await p.stop('SIGKILL')
    throw err
  }
}
