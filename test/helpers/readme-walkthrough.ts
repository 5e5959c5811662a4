import { type ChildProcess, spawn } from 'node:child_process'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { checkedScript, type ReadmeAction } from './readme-blocks.js'
import { SDKD_BIN, waitFor } from './sdkd.js'

/**
 * Runs a page's walkthrough (README.md, or a named one in docs/) as a reader would, on a fresh home
 * (HOME is a temporary directory): `sdkd` is put on the PATH the way `npm link` would, the SDKD_*
 * listen variables ask for port 0, and the page's `localhost:26657` / `:1317` / `:9090` are read as
 * the ports the node in the last terminal logged. Terminals run in process groups of their own
 * (Ctrl-C reaches all they started).
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface Terminal {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** The servers a terminal's node serves, as its plain log lines name them. */
const SERVERS = { rpc: 'CometBFT RPC', api: 'REST API', grpc: 'gRPC' } as const
type Ports = Record<keyof typeof SERVERS, number>

/** Waits until the terminal's node has logged the port of each server (port 0 was asked for). */
async function portsOf(t: Terminal, where: string): Promise<Ports> {
  const portOf = (server: string) => {
    const m = new RegExp(`INFO: serving ${server} .*address=\\S+:(\\d+)$`, 'm').exec(t.output())
    return m ? Number(m[1]) : undefined
  }
  return waitFor(
    async () => {
      if (t.child.exitCode !== null || t.child.signalCode !== null) {
        throw new Error(`the terminal ended (${t.child.exitCode ?? t.child.signalCode})`)
      }
      const ports = Object.fromEntries(
        Object.entries(SERVERS).map(([k, server]) => [k, portOf(server)]),
      ) as Partial<Ports>
      return Object.values(ports).every((p) => p !== undefined) ? (ports as Ports) : undefined
    },
    60_000,
    `${where}: the node's serving lines`,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n--- terminal\n${t.output().slice(-2000)}`)
  })
}

export interface WalkthroughOptions {
  /** A fresh directory for HOME and the `sdkd` on the PATH. */
  dir: string
  /** The page the actions come from, relative to the repository root (for the failure messages). */
  page: string
  actions: ReadmeAction[]
  /** Variables beyond the fresh HOME's (e.g. a tool's directory on the PATH). */
  env?: NodeJS.ProcessEnv
  /** Checks a terminal stopped by Ctrl-C: its output and exit code. */
  stopped(t: Terminal, code: number | null, context: string): void
  /** The terminals started, for the caller's cleanup (each is killed as a group). */
  terminals: Terminal[]
}

/** Runs the actions in order; a failed step fails the test with the page's line and the outputs. */
export async function runWalkthrough(o: WalkthroughOptions): Promise<void> {
  const bin = join(o.dir, 'bin')
  await mkdir(bin)
  await writeFile(
    join(bin, 'sdkd'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(SDKD_BIN)} "$@"\n`,
  )
  await chmod(join(bin, 'sdkd'), 0o755)
  // The node of the latest terminal; the page's fixed ports stand for these.
  let ports: Ports | undefined
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: join(o.dir, 'home'),
    NO_COLOR: '1',
    SDKD_RPC_LADDR: 'tcp://127.0.0.1:0',
    SDKD_API_ADDRESS: 'tcp://127.0.0.1:0',
    SDKD_GRPC_ADDRESS: '127.0.0.1:0',
    SDKD_INSTRUMENTATION_PROMETHEUS_LISTEN_ADDR: '127.0.0.1:0',
    ...o.env,
  }
  env.PATH = `${bin}:${env.PATH}`
  delete env.SDKD_HOME
  await mkdir(env.HOME!)
  const adapt = (script: string) =>
    script
      .split('\n')
      .filter((l) => !l.startsWith('npm link'))
      .join('\n')
      .replaceAll('npm ci && ', '')
      .replaceAll('localhost:26657', `localhost:${ports?.rpc}`)
      .replaceAll('localhost:1317', `localhost:${ports?.api}`)
      .replaceAll('localhost:9090', `localhost:${ports?.grpc}`)

  const running = () =>
    o.terminals.filter((t) => t.child.exitCode === null && t.child.signalCode === null)
  for (const action of o.actions) {
    const where = `${o.page}:${action.line}`
    if (action.kind === 'terminal') {
      const child = spawn('bash', ['-c', adapt(action.script)], { cwd: ROOT, env, detached: true })
      let out = ''
      child.stdout!.on('data', (d) => (out += d))
      child.stderr!.on('data', (d) => (out += d))
      const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)))
      const terminal = { child, output: () => out, exited }
      o.terminals.push(terminal)
      ports = await portsOf(terminal, where)
    } else if (action.kind === 'ctrl-c') {
      for (const t of running()) {
        process.kill(-t.child.pid!, 'SIGINT')
        o.stopped(t, await t.exited, `${where}\n${t.output().slice(-2000)}`)
      }
    } else if (action.kind === 'exited') {
      // The terminal started last (it may have ended already).
      const t = o.terminals.at(-1)
      expect(t, `${where}: a terminal`).toBeDefined()
      const code = await Promise.race([
        t!.exited,
        new Promise<string>((r) => setTimeout(() => r('still running after 120 s'), 120_000)),
      ])
      expect(code, `${where}\n${t!.output().slice(-2000)}`).toBe(action.code)
    } else {
      const r = await runBlock(checkedScript(adapt(action.script)), env)
      const context = `${where}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}\n--- node\n${o.terminals.at(-1)?.output().slice(-1500)}`
      expect(r.code, context).toBe(0)
      // Heights in the walkthroughs pass the upgrade safety check: no warning.
      expect(r.stderr, context).not.toContain('WARNING')
      if (action.kind === 'watch') {
        const heights = r.stdout.trim().split('\n').map(Number)
        expect(heights.length, context).toBe(5)
        // The RPC answers just before the first block (as CometBFT's does): the first may be 0.
        expect(
          heights.every((h, i) => Number.isInteger(h) && h >= (i === 0 ? 0 : heights[i - 1]!)),
          context,
        ).toBe(true)
        expect(heights.at(-1)!, context).toBeGreaterThan(heights[0]!)
      }
    }
  }
  // A walkthrough ends with its last node running: it stops on Ctrl-C too.
  for (const t of running()) {
    process.kill(-t.child.pid!, 'SIGINT')
    o.stopped(t, await t.exited, `the end of the walkthrough\n${t.output().slice(-2000)}`)
  }
}

/**
 * Kills what the terminals started (each its own process group) and waits for them: for their
 * output to close, which a process outside the group (`sdkd run`'s app) holds until it ends too.
 * One still open after 30 s is an error naming its last output.
 */
export async function killTerminals(terminals: readonly Terminal[]): Promise<void> {
  for (const t of terminals) {
    try {
      process.kill(-t.child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  await Promise.all(
    terminals.map(async (t) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((r) => {
        timer = setTimeout(() => r('late'), 30_000)
      })
      const outcome = await Promise.race([t.exited, late])
      clearTimeout(timer)
      if (outcome === 'late') {
        throw new Error(
          `a terminal's output is still open 30 s after its process group was killed:\n${t.output().slice(-2000)}`,
        )
      }
    }),
  )
}

function runBlock(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: ROOT, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
