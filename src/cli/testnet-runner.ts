import { type ChildProcess, spawn } from 'node:child_process'
import { constants } from 'node:os'
import type { Readable, Writable } from 'node:stream'

/** One process of the network: its name (the prefix of its output lines) and its command line. */
export interface RunnerNode {
  name: string
  command: string
  args: readonly string[]
  env?: NodeJS.ProcessEnv
}

export interface RunnerOptions {
  nodes: readonly RunnerNode[]
  /** Where the nodes' stdout and stderr lines go, each prefixed with its node's name. */
  stdout: Writable
  stderr: Writable
  /** How long a node may take to stop after the stop signal before it is killed (SIGKILL). */
  killAfterMs: number
  /** How long to wait, after a node exited, for the rest of its output before reporting its end. */
  drainMs?: number
}

/** How the runner ended: every node stopped on request and exited 0, or not. */
export interface RunnerResult {
  code: number
  /** The node that ended on its own and brought the others down, if one did. */
  failed?: string
}

/** The signals the runner passes on to every node (a hang-up stops the nodes as SIGTERM does). */
export const RUNNER_STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const
export type RunnerStopSignal = (typeof RUNNER_STOP_SIGNALS)[number]

/**
 * Writes a stream's lines with a prefix, as docker compose does (`node0 | …`): a line is written
 * whole once its newline came, so the lines of several nodes never interleave mid-line.
 */
function prefixLines(from: Readable, to: Writable, prefix: string): Promise<void> {
  let rest = ''
  from.setEncoding('utf8')
  from.on('data', (chunk: string) => {
    const text = rest + chunk
    const end = text.lastIndexOf('\n')
    if (end < 0) {
      rest = text
      return
    }
    rest = text.slice(end + 1)
    to.write(
      text
        .slice(0, end)
        .split('\n')
        .map((line) => `${prefix}${line}\n`)
        .join(''),
    )
  })
  return new Promise((resolve) => {
    const done = () => {
      if (rest !== '') to.write(`${prefix}${rest}\n`)
      rest = ''
      resolve()
    }
    from.once('end', done)
    from.once('close', done)
    from.once('error', done)
  })
}

/** A running node: its process and when its end (exit code, or 128 + signal) is known. */
interface Running {
  node: RunnerNode
  child: ChildProcess
  exited: boolean
  exit: Promise<number>
}

/**
 * Runs every node as a child process and supervises them as one: their output goes out line by
 * line with the node's name in front; `stop(signal)` passes the signal to every node and waits for
 * all of them; a node that ends on its own is reported (`node1 exited with code 1`) and the others
 * are stopped. A node still running `killAfterMs` after it was asked to stop is killed.
 */
export class NodeRunner {
  private readonly running: Running[] = []
  private stopping: RunnerStopSignal | undefined
  private failed: string | undefined
  private readonly done: Promise<RunnerResult>
  private readonly width: number
  private killTimer: NodeJS.Timeout | undefined
  /** Whether the runner's stdout or stderr failed (EPIPE: its reader is gone). */
  private outputLost = false

  constructor(private readonly o: RunnerOptions) {
    this.width = Math.max(...o.nodes.map((n) => n.name.length))
    for (const stream of [o.stdout, o.stderr]) {
      stream.on('error', (err: NodeJS.ErrnoException) => this.lose(err))
    }
    for (const node of o.nodes) this.running.push(this.launch(node))
    this.done = this.watch()
  }

  /**
   * The runner's output can no longer be written (`sdkd testnet start | head`): the nodes are
   * stopped as on SIGTERM, and the runner ends with 1 once they have.
   */
  private lose(err: NodeJS.ErrnoException): void {
    if (this.outputLost) return
    this.outputLost = true
    if (this.stopping !== undefined) return
    this.stopping = 'SIGTERM'
    const names = this.alive().map((r) => r.node.name)
    this.say(`the output is closed (${err.code ?? err.message}): stopping ${names.join(', ')}`)
    this.signalAll('SIGTERM')
  }

  /** Resolves when every node has ended. */
  result(): Promise<RunnerResult> {
    return this.done
  }

  /** The pids of the nodes' processes, by name (for a caller that signals one node itself). */
  pids(): Record<string, number | undefined> {
    return Object.fromEntries(this.running.map((r) => [r.node.name, r.child.pid]))
  }

  /** Sends SIGTERM to the nodes still running, without waiting (this process is ending). */
  abandon(): void {
    for (const r of this.alive()) r.child.kill('SIGTERM')
  }

  /** Passes a stop signal to every running node; a repeated signal changes nothing. */
  stop(signal: RunnerStopSignal): void {
    if (this.stopping !== undefined) return
    this.stopping = signal
    const names = this.alive().map((r) => r.node.name)
    if (names.length > 0) this.say(`received ${signal}: stopping ${names.join(', ')}`)
    this.signalAll(signal === 'SIGHUP' ? 'SIGTERM' : signal)
  }

  private alive(): Running[] {
    return this.running.filter((r) => !r.exited)
  }

  private signalAll(signal: NodeJS.Signals): void {
    for (const r of this.alive()) r.child.kill(signal)
    this.killTimer ??= setTimeout(() => {
      for (const r of this.alive()) {
        this.say(`${r.node.name} did not stop within ${this.o.killAfterMs} ms: killing it`)
        r.child.kill('SIGKILL')
      }
    }, this.o.killAfterMs)
  }

  /** The runner's own lines go to stderr, unprefixed, as docker compose's do. */
  private say(line: string): void {
    this.o.stderr.write(`${line}\n`)
  }

  private launch(node: RunnerNode): Running {
    // Its own process group: a terminal's Ctrl-C reaches the node once, through the runner.
    const child = spawn(node.command, [...node.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: node.env ?? process.env,
    })
    const prefix = `${node.name.padEnd(this.width)} | `
    const streams = [
      prefixLines(child.stdout!, this.o.stdout, prefix),
      prefixLines(child.stderr!, this.o.stderr, prefix),
    ]
    const running: Running = { node, child, exited: false, exit: Promise.resolve(0) }
    running.exit = new Promise<number>((resolve) => {
      let started = true
      child.on('error', (err) => {
        // A process that could not be started has no exit of its own to wait for.
        if (child.pid === undefined) {
          started = false
          this.say(`${node.name} could not be started: ${err.message}`)
          running.exited = true
          resolve(127)
        }
      })
      child.once('exit', async (code, signal) => {
        running.exited = true
        if (!started) return
        // A node's last lines come before the line saying it ended, unless a process it left
        // behind keeps its output open.
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          Promise.all(streams),
          new Promise((r) => {
            timer = setTimeout(r, this.o.drainMs ?? 1000)
          }),
        ])
        clearTimeout(timer)
        const status = code ?? 128 + (signal ? constants.signals[signal] : 0)
        this.say(`${node.name} exited with code ${status}${signal ? ` (killed by ${signal})` : ''}`)
        resolve(status)
      })
    })
    return running
  }

  private async watch(): Promise<RunnerResult> {
    const pending = new Set(this.running)
    const codes = new Map<Running, number>()
    while (pending.size > 0) {
      const [r, code] = await Promise.race(
        [...pending].map((p) => p.exit.then((c) => [p, c] as const)),
      )
      pending.delete(r)
      codes.set(r, code)
      if (this.stopping === undefined && this.failed === undefined) {
        // A node that ends unasked ends the network: the others are stopped as on SIGTERM.
        this.failed = r.node.name
        const others = this.alive().map((x) => x.node.name)
        if (others.length > 0) this.say(`stopping ${others.join(', ')}`)
        this.signalAll('SIGTERM')
      }
    }
    clearTimeout(this.killTimer)
    if (this.failed !== undefined) return { code: 1, failed: this.failed }
    if (this.outputLost) return { code: 1 }
    return { code: [...codes.values()].every((c) => c === 0) ? 0 : 1 }
  }
}

/**
 * Runs the nodes until they end, passing this process's stop signals to them (repeats dropped),
 * and resolves with the exit code: 0 when every node stopped cleanly on a signal, else 1.
 */
export async function runNodes(o: RunnerOptions): Promise<number> {
  const runner = new NodeRunner(o)
  const handlers = RUNNER_STOP_SIGNALS.map((s) => [s, () => runner.stop(s)] as const)
  // Whatever ends this process, the nodes (in their own process groups) are not left behind.
  const onExit = () => runner.abandon()
  for (const [s, h] of handlers) process.on(s, h)
  process.on('exit', onExit)
  try {
    return (await runner.result()).code
  } finally {
    for (const [s, h] of handlers) process.off(s, h)
    process.off('exit', onExit)
  }
}
