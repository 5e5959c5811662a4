import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads'
import pino from 'pino'
import { App, type ModuleBrokenInvariant } from '../app/app.js'
import { type BlockContext, EMPTY_COMET_INFO } from '../app/types.js'
import { EventManager } from '../block/events.js'
import type { ExecHeader } from '../block/header.js'
import { type BrandName, useBrand } from '../codec/brand.js'
import { protoRegistry } from '../codec/proto.js'
import { ErrLogic } from '../errors.js'
import type { Logger } from '../logger.js'
import { createBranch } from '../store/branch.js'
import {
  type FetchValue,
  type ReplicaChanges,
  type ReplicaSeed,
  StateReplica,
} from '../store/state-replica.js'
import type { AppVersionDeps } from '../versions/deps.js'
import { BUILT_IN_APP_VERSIONS } from '../versions/index.js'
import { HeightReader } from './invariant-messages.js'

// The invariant checker's thread (invariant-checker.ts): a copy of the node's working state, kept
// by the changes of each height, and the app version's invariants run on it.

/** What the node passes when it starts the thread. */
export interface InvariantWorkerData {
  /** The app version whose modules' invariants run (a built-in one). */
  version: string
  brand: BrandName
  chainId: string
  consensusParams: AppVersionDeps['consensusParams']
  /** The node's log level: lines logged here are sent to the node's logger. */
  logLevel: string
  /**
   * Where the values the node keeps are read (`fetchFrom`): the port the node answers on, and the
   * word it sets once the answer is there.
   */
  values?: { port: MessagePort; signal: Int32Array }
}

/**
 * How long a read from the node may wait before the check fails: the node answers on its event
 * loop, between the blocks it runs ahead of the checks.
 */
const FETCH_TIMEOUT_MS = 300_000

/**
 * Reads the value of a key's version from the node, synchronously: the invariants read the copy as
 * memory. The node answers on its event loop; this thread waits meanwhile.
 */
export function fetchFrom(values: { port: MessagePort; signal: Int32Array }): FetchValue {
  const { port, signal } = values
  return (full, height) => {
    Atomics.store(signal, 0, 0)
    port.postMessage({ full, height })
    if (Atomics.wait(signal, 0, 0, FETCH_TIMEOUT_MS) === 'timed-out') {
      throw ErrLogic.wrap(`the node did not answer a read of a kept value (height ${height})`)
    }
    const answer = receiveMessageOnPort(port)?.message as
      | { value: Uint8Array }
      | { error: string }
      | undefined
    if (answer && 'value' in answer) return answer.value
    throw ErrLogic.wrap(
      `the node no longer holds the value of key ${JSON.stringify(full)} at height ${height}: ${answer?.error ?? 'no answer'}`,
    )
  }
}

/**
 * What the node posts, in order: the state to start from, or buffers of applied heights
 * (`invariant-messages.ts`).
 */
export type ToInvariantWorker =
  | Uint8Array
  | { kind: 'seed'; seed: ReplicaSeed & { height: number } }

/** What the worker applies: the state to start from, then each applied height in order. */
export type InvariantWorkerInput =
  | { kind: 'seed'; seed: ReplicaSeed & { height: number } }
  | {
      kind: 'height'
      height: number
      changes: ReplicaChanges
      /** The height's header when its invariants are to be checked. */
      check: ExecHeader | undefined
    }

/** What the thread answers. */
export type FromInvariantWorker =
  | { kind: 'ready' }
  | { kind: 'checked'; height: number; broken: ModuleBrokenInvariant | undefined }
  | { kind: 'log'; line: string }
  | { kind: 'failed'; message: string; stack: string | undefined }

/** The app's invariants over a replica: `handle` takes the node's messages one at a time. */
export class InvariantWorker {
  private replica: StateReplica | undefined

  constructor(
    private readonly app: App,
    private readonly chainId: string,
    private readonly logger: Logger,
    private readonly fetch?: FetchValue,
  ) {}

  /** Applies a message; a height to check answers with its verdict. */
  async handle(m: InvariantWorkerInput): Promise<FromInvariantWorker | undefined> {
    if (m.kind === 'seed') {
      this.replica = new StateReplica(m.seed, m.seed.height, this.fetch)
      return undefined
    }
    const replica = this.replica
    if (!replica) throw ErrLogic.wrap(`height ${m.height} arrived before the state it applies to`)
    if (m.height !== replica.height + 1) {
      throw ErrLogic.wrap(`height ${m.height} arrived after height ${replica.height}`)
    }
    replica.apply(m.height, m.changes)
    const header = m.check
    if (!header) return undefined
    const ctx: BlockContext = {
      chainId: this.chainId,
      height: m.height,
      time: header.time,
      header,
      state: createBranch(replica.parent()),
      events: new EventManager(true),
      logger: this.logger,
      registry: this.app.registry,
      mode: 'deliver',
      comet: EMPTY_COMET_INFO,
    }
    const broken = await this.app.firstBrokenInvariant(ctx)
    // The large values this check did not read go back to the node.
    replica.settle()
    return { kind: 'checked', height: m.height, broken }
  }
}

/** In the worker thread: builds the app, then serves the node's messages in order. */
function serve(): void {
  const port = parentPort
  if (!port) return
  const data = workerData as InvariantWorkerData
  const post = (m: FromInvariantWorker) => port.postMessage(m)
  const logger = pino(
    { level: data.logLevel, base: null, timestamp: false },
    { write: (line: string) => post({ kind: 'log', line }) },
  ) as unknown as Logger
  useBrand(data.brand)
  const registry = protoRegistry()
  const factory = BUILT_IN_APP_VERSIONS[data.version]
  if (!factory) throw ErrLogic.wrap(`unknown app version ${data.version}`)
  const version = factory({
    registry,
    ...(data.consensusParams ? { consensusParams: data.consensusParams } : {}),
  })
  const worker = new InvariantWorker(
    new App(version, registry, { invCheckPeriod: 0 }),
    data.chainId,
    logger,
    data.values ? fetchFrom(data.values) : undefined,
  )
  post({ kind: 'ready' })
  let queue = Promise.resolve()
  let failed = false
  const reader = new HeightReader()
  port.on('message', (messages: ToInvariantWorker[]) => {
    queue = queue.then(async () => {
      if (failed) return
      try {
        for (const m of messages) {
          if (!(m instanceof Uint8Array)) {
            reader.reset()
            await worker.handle(m)
            continue
          }
          for (const { height, changes, header } of reader.heights(m)) {
            const check = header ? { ...header, chainId: data.chainId, height } : undefined
            const answer = await worker.handle({ kind: 'height', height, changes, check })
            if (answer) post(answer)
          }
        }
      } catch (err) {
        failed = true
        const message = err instanceof Error ? err.message : String(err)
        post({ kind: 'failed', message, stack: err instanceof Error ? err.stack : undefined })
      }
    })
  })
}

serve()
