import { App } from '../../src/app/app.js'
import type { AppModule, AppVersion } from '../../src/app/types.js'
import { BlockBuilder } from '../../src/block/block.js'
import type { ValidatorKey } from '../../src/chain/consensus-validators.js'
import { BlockProducer } from '../../src/chain/producer.js'
import type { ProducerOptions } from '../../src/chain/producer-options.js'
import { uint64BE, utf8 } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { defaultConsensusParams, readGenesis } from '../../src/config/genesis.js'
import { createSilentLogger } from '../../src/logger.js'
import type { StoreBackend } from '../../src/store/backend.js'
import { BlockStore } from '../../src/store/block-store.js'
import { createLevelBackend } from '../../src/store/level-backend.js'
import { createMemoryBackend, createMemoryDatabase } from '../../src/store/memory-backend.js'
import { VersionedStore } from '../../src/store/versioned-store.js'
import { testBlockSigner } from './block-signer.js'
import { type TempDir, tempDir } from './temp-dir.js'

/** Chains for the block producer's tests: a genesis, recording modules, a database to reopen. */

const registry = protoRegistry()
const signer = testBlockSigner(3)

/**
 * A genesis with one validator (the test block signer), `appState` and `initialHeight`; or with
 * `validators` (ed25519 keys and powers) when given.
 */
export function genesisFor(
  appState: Record<string, unknown> = {},
  initialHeight = 1,
  validators: readonly { pubKey: Uint8Array; power: bigint }[] = [
    { pubKey: signer.pubKey, power: 10n },
  ],
) {
  return readGenesis('genesis.json', {
    chain_id: 'lifecycle-1',
    genesis_time: '2026-01-01T00:00:00Z',
    initial_height: initialHeight,
    app_state: appState,
    consensus: {
      params: defaultConsensusParams(),
      validators: validators.map((v) => ({
        pub_key: {
          type: 'tendermint/PubKeyEd25519',
          value: Buffer.from(v.pubKey).toString('base64'),
        },
        power: v.power.toString(),
      })),
    },
  })
}

/** A module that records its hooks and writes the height into its store at each phase. */
export function recorder(
  name: string,
  calls: string[],
  options: { failEndBlockAt?: number } = {},
): AppModule {
  return {
    name,
    consensusVersion: 1,
    async initGenesis(ctx, genesis) {
      calls.push(`${name}.initGenesis`)
      ctx.state.store(name).set(utf8('genesis'), utf8(JSON.stringify(genesis ?? null)))
    },
    async preBlock(ctx) {
      calls.push(`${name}.preBlock@${ctx.height}`)
    },
    async beginBlock(ctx) {
      calls.push(`${name}.beginBlock@${ctx.height}`)
      ctx.state.store(name).set(utf8('begin'), uint64BE(ctx.height))
    },
    async endBlock(ctx) {
      calls.push(`${name}.endBlock@${ctx.height}`)
      if (options.failEndBlockAt === ctx.height) throw new Error(`boom at ${ctx.height}`)
      ctx.state.store(name).set(utf8('end'), uint64BE(ctx.height))
      ctx.events.emit('recorded', { module: name })
    },
  }
}

/** A database the chain can be reopened on (a restart): LevelDB in a temp dir, or the memory twin. */
export interface Disk {
  open(): Promise<StoreBackend>
  cleanup(): Promise<void>
}

export const disks: { name: string; make(): Disk }[] = [
  {
    name: 'LevelDB',
    make() {
      let dir: TempDir | undefined
      return {
        async open() {
          dir ??= await tempDir('sdkd-producer-')
          return createLevelBackend({ path: dir.dir })
        },
        async cleanup() {
          await dir?.cleanup()
        },
      }
    },
  },
  {
    name: 'memory',
    make() {
      const db = createMemoryDatabase()
      return { open: async () => createMemoryBackend(db), cleanup: async () => {} }
    },
  },
]

export interface ChainOptions {
  genesis?: ReturnType<typeof genesisFor>
  /** Wraps the opened backend (e.g. a disk that refuses writes). */
  wrap?: (backend: StoreBackend) => StoreBackend
  haltHeight?: number
  /** The consensus keys the node signs with (default: the test block signer alone). */
  validatorKeys?: readonly ValidatorKey[]
  onConsensusParams?: ProducerOptions['onConsensusParams']
}

/**
 * Opens a chain on `disk` the way the node does: the versioned store and the block store over one
 * backend, the producer over both, InitChain if nothing is committed.
 */
export async function openChain(version: AppVersion, disk: Disk, options: ChainOptions = {}) {
  const genesis = options.genesis ?? genesisFor({ a: { x: 1 } })
  const opened = await disk.open()
  const backend = options.wrap ? options.wrap(opened) : opened
  const store = await VersionedStore.open({ backend })
  const builder = new BlockBuilder(registry, genesis.chainId, signer, {
    blockMaxBytes: genesis.blockMaxBytes,
    blockMaxGas: genesis.blockMaxGas,
  })
  const blocks = await BlockStore.open({
    backend,
    builder,
    registry,
    latestHeight: store.latestHeight,
  })
  const producer = new BlockProducer({
    backend,
    store,
    blocks,
    builder,
    app: new App(version, registry),
    registry,
    genesis,
    logger: createSilentLogger(),
    timeoutCommitMs: 0,
    ...(options.haltHeight ? { haltHeight: options.haltHeight } : {}),
    ...(options.validatorKeys ? { validatorKeys: options.validatorKeys } : {}),
    ...(options.onConsensusParams ? { onConsensusParams: options.onConsensusParams } : {}),
  })
  await producer.initChain()
  return {
    store,
    blocks,
    producer,
    backend,
    /** Stops the producer (every built block written) and closes the database. */
    async close() {
      await producer.stop()
      await opened.close()
    },
  }
}

/** An app version of `modules`, each in every order list (EndBlock in reverse). */
export function version(modules: AppModule[], order?: Partial<AppVersion['order']>): AppVersion {
  const names = modules.map((m) => m.name)
  return {
    name: 'test',
    modules,
    order: {
      initGenesis: names,
      preBlockers: names,
      beginBlockers: names,
      endBlockers: [...names].reverse(),
      ...order,
    },
    upgrades: [],
  }
}
