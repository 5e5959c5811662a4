import type { App } from '../app/app.js'
import { EMPTY_COMET_INFO } from '../app/types.js'
import { EventManager } from '../block/events.js'
import { Mempool } from '../chain/mempool.js'
import type { BlockProducer } from '../chain/producer.js'
import { brand } from '../codec/brand.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { ConfigError } from '../config/fields.js'
import type { LoadedHome } from '../config/home.js'
import type { Logger } from '../logger.js'
import { BroadcastIngress } from '../server/rest/broadcast-ingress.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { TxRunner } from '../tx/executor.js'
import { type DecCoin, parseDecCoins } from '../tx/fees.js'
import { AccountNumbers } from '../tx/ingress-accounts.js'
import type { RuntimeOptions } from './runtime-options.js'

export interface TxPipelineOptions {
  home: LoadedHome
  app: App
  registry: ProtoRegistry
  store: VersionedStore
  /** The block producer (created after the pipeline: the mempool is its tx source). */
  producer(): BlockProducer
  logger: Logger
  /** Verify workers and the secp256k1 library. */
  runtime: Pick<RuntimeOptions, 'verifyWorkers' | 'secp256k1'>
}

/** The node's tx runner (deliver, check, simulate) and mempool, configured from the home. */
export interface TxPipeline {
  runner: TxRunner
  mempool: Mempool
  /**
   * Where the REST broadcast route's bodies are parsed, decoded and verified off the node's thread
   * (its workers start with the first body); absent without verify workers.
   */
  ingress?: BroadcastIngress
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
  const workers = o.runtime.verifyWorkers
  // Account numbers read on the node's thread, for the ingress workers' signature checks.
  const accounts = workers >= 1 ? AccountNumbers.create() : undefined
  const runner = new TxRunner({
    registry: o.registry,
    chainId: home.genesis.chainId,
    handlers: o.app.msgHandlers,
    keepers,
    minGasPrices,
    blockMaxGas: home.genesis.blockMaxGas,
    indexEvents: home.app.indexEvents,
    logger: o.logger,
    verifyWorkers: o.runtime.verifyWorkers,
    secp256k1: o.runtime.secp256k1,
    ...(accounts ? { publishAccountNumber: (a, n) => accounts.publish(a, n) } : {}),
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
      return p.context(state, p.checkHeader(), new EventManager(), EMPTY_COMET_INFO, 'check')
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
  const ingress = accounts
    ? new BroadcastIngress({
        size: workers,
        brand: brand().name,
        bodyField: '*',
        chainId: home.genesis.chainId,
        secp256k1: o.runtime.secp256k1,
        accounts,
        admit: (checked, hashHex) => {
          mempool.knowHash(checked.txBytes, hashHex)
          runner.acceptChecked(checked.txBytes, checked.verified, checked.signers)
        },
        log: o.logger,
      })
    : undefined
  return { runner, mempool, ...(ingress ? { ingress } : {}) }
}
