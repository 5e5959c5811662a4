import { availableParallelism } from 'node:os'
import type { App } from '../app/app.js'
import { EventManager } from '../block/events.js'
import { Mempool } from '../chain/mempool.js'
import type { BlockProducer } from '../chain/producer.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ConfigError } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { TxRunner } from '../tx/executor.js'
import { type DecCoin, parseDecCoins } from '../tx/fees.js'
import { DEFAULT_SECP256K1, type Secp256k1Choice } from '../tx/secp256k1.js'

export interface TxPipelineOptions {
  home: LoadedHome
  app: App
  registry: ProtoRegistry
  store: VersionedStore
  /** The block producer (created after the pipeline: the mempool is its tx source). */
  producer(): BlockProducer
  logger: Logger
}

/** The node's tx runner (deliver, check, simulate) and mempool, configured from the home. */
export interface TxPipeline {
  runner: TxRunner
  mempool: Mempool
}

/** The variable that sets how many worker threads verify signatures (0: the node's thread). */
export const VERIFY_WORKERS_ENV = 'SDKD_VERIFY_WORKERS'

/**
 * Verify workers when SDKD_VERIFY_WORKERS is unset: one where the machine has a second core (the
 * node's thread is the bottleneck under load; the worker takes the signatures off it), else none.
 */
export function defaultVerifyWorkers(cores: number = availableParallelism()): number {
  return cores >= 2 ? 1 : 0
}

/** SDKD_VERIFY_WORKERS as the runner's option: a whole number (unset: `defaultVerifyWorkers`). */
export function verifyWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[VERIFY_WORKERS_ENV]?.trim()
  if (!text) return defaultVerifyWorkers()
  if (!/^\d+$/.test(text)) {
    throw new ConfigError(VERIFY_WORKERS_ENV, '', `invalid number of verify workers: ${text}`)
  }
  return Number(text)
}

/** The variable that makes node:crypto verify signatures (`node`); else libsecp256k1. */
export const SECP256K1_ENV = 'SDKD_SECP256K1'

/** SDKD_SECP256K1 as the runner's option. */
export function secp256k1Choice(env: NodeJS.ProcessEnv = process.env): Secp256k1Choice {
  return env[SECP256K1_ENV] === 'node'
    ? { library: 'node:crypto', askedBy: `${SECP256K1_ENV}=node` }
    : DEFAULT_SECP256K1
}

/**
 * Builds the tx pipeline of a node, or undefined when the app version has no auth/bank keepers
 * (it then takes no transactions). Bad `minimum-gas-prices` are a config error naming the field.
 */
export function createTxPipeline(o: TxPipelineOptions): TxPipeline | undefined {
  const keepers = o.app.version.txKeepers
  if (!keepers) return undefined
  const { home } = o
  let minGasPrices: DecCoin[]
  try {
    minGasPrices = parseDecCoins(home.app.minimumGasPrices)
  } catch (err) {
    throw new ConfigError(
      'config/app.toml',
      'minimum-gas-prices',
      `invalid minimum gas prices: ${(err as Error).message}`,
    )
  }
  const runner = new TxRunner({
    registry: o.registry,
    chainId: home.genesis.chainId,
    handlers: o.app.msgHandlers,
    keepers,
    minGasPrices,
    blockMaxGas: home.genesis.blockMaxGas,
    indexEvents: home.app.indexEvents,
    logger: o.logger,
    verifyWorkers: verifyWorkers(),
    secp256k1: secp256k1Choice(),
  })
  const fallback = runner.verifier.fallback
  if (fallback !== undefined) {
    o.logger.warn(
      { reason: fallback },
      'libsecp256k1 (secp256k1) is not used: signatures are verified with OpenSSL (node:crypto), about six times slower',
    )
  }
  const { mempool: m } = home.node
  const mempool = new Mempool({
    runner,
    newCheckState: () => o.store.branch(),
    checkContext: (state) => {
      const p = o.producer()
      return p.context(state, p.checkHeader(), new EventManager(), 'check')
    },
    limits: {
      size: m.size,
      maxTxBytes: m.maxTxBytes,
      maxTxsBytes: m.maxTxsBytes,
      appMaxTxs: home.app.mempool.maxTxs,
    },
    block: {
      maxBytes: Number(home.genesis.blockMaxBytes),
      maxGas: home.genesis.blockMaxGas,
      maxTxs: m.maxBlockTxs,
      maxTxsBytes: m.maxBlockBytes,
    },
    logger: o.logger,
  })
  return { runner, mempool }
}
