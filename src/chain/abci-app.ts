import type { App } from '../app/app.js'
import { type BlockContext, type CometInfo, EMPTY_COMET_INFO } from '../app/types.js'
import { EventManager } from '../block/events.js'
import type { ExecHeader } from '../block/header.js'
import { type Bytes, emptyBytes, toHexUpper, uvarintLength } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import { type TimeNs, timestampToTime } from '../codec/time.js'
import type { Genesis } from '../config/genesis.js'
import { ChainHaltError, UserError } from '../errors.js'
import type { Logger } from '../logger.js'
import { type ConsensusParamsJson, consensusParamsToProto } from '../modules/consensus/params.js'
import { UPGRADE_HALT_EXIT_CODE } from '../modules/upgrade/abci.js'
import type { StoreBackend } from '../store/backend.js'
import { eventToProto, type TxResult, txResultToProto } from '../store/block-store.js'
import type { StateBranch, StateReader } from '../store/types.js'
import type { PreparedCommit, VersionedStore } from '../store/versioned-store.js'
import type { TxOutcome } from '../tx/executor.js'
import {
  type AbciApplication,
  type AbciLock,
  ACCEPT,
  CHECK_TX_RECHECK,
  type AbciResponse as Res,
} from './abci-application.js'
import { cometInfoOf } from './abci-comet-info.js'
import { CometLastBlock } from './abci-last-block.js'
import { AbciSnapshots } from './abci-snapshots.js'
import { type ExecuteBlockOptions, executeBlock, type StoreUpgradePlan } from './execute-block.js'
import type { HeightRules } from './height-rules.js'
import { initChainHeight, prepareGenesis } from './init-chain.js'
import type { StateSnapshots } from './state-snapshots.js'

/** What the ABCI driver of the app needs from the node. */
export interface AbciAppOptions {
  app: App
  store: VersionedStore
  backend: StoreBackend
  genesis: Genesis
  logger: Logger
  /** The tx runner (deliver and check), absent when the app version takes no txs. */
  txRunner?:
    | (ExecuteBlockOptions['txExecutor'] & {
        checkTx(ctx: BlockContext, bytes: Bytes, recheck: boolean): TxOutcome | Promise<TxOutcome>
      })
    | undefined
  /** A block context over a state (the same contexts the simulated producer gives). */
  context(
    state: StateBranch,
    header: ExecHeader,
    events: EventManager,
    comet: CometInfo,
    mode: BlockContext['mode'],
  ): BlockContext
  /** ABCI Query: the node's query router (gRPC paths, /app/…, /store/…). */
  query(req: Proto<'tendermint.abci.RequestQuery'>): Promise<Res<'Query'>>
  /** The protocol version x/upgrade keeps in committed state (0 before the first block). */
  protocolVersion(): Promise<bigint>
  /** This build's version (ResponseInfo.version). */
  version: string
  /** halt-height / halt-time. */
  rules: HeightRules
  /** Store upgrades due with a block (the new binary after an upgrade halt). */
  storeUpgrades?: StoreUpgradePlan | undefined
  /**
   * Called once a height is durable, with the milliseconds the app spent on its FinalizeBlock and
   * its Commit (the app's share of the block's time, which the engine's benchmark prints).
   */
  onCommit?(height: number, appHash: Bytes, timing: { finalizeMs: number; commitMs: number }): void
  /** Called when FinalizeBlock halts for an upgrade (the block is parked, never answered). */
  onUpgradeHalt?(height: number, err: ChainHaltError): void
  /** The consensus params a state holds (`consensusParamsIn`). */
  consensusParams(state: Pick<StateReader, 'store' | 'hasStore'>): Promise<ConsensusParamsJson>
  /** Hears of the consensus params after each committed height that changed them (CheckTx's). */
  onConsensusParams?(params: ConsensusParamsJson): void
  /** State sync snapshots (taken after Commit, served, restored); none: an empty list. */
  snapshots?: StateSnapshots | undefined
}

/** A FinalizeBlock's outcome waiting for its Commit. */
interface Finalized {
  height: number
  time: TimeNs
  prepared: PreparedCommit
  /** Milliseconds FinalizeBlock took. */
  ms: number
  /** The consensus params after the height. */
  params: ConsensusParamsJson
}

/**
 * The application as CometBFT v0.38 drives it (ABCI++), over the same modules, store, commit path
 * and tx runner as the simulated producer: FinalizeBlock runs the height with every input taken
 * from the request and prepares its commit without writing; Commit writes it in one synced batch
 * (with InitChain's genesis writes, for the first height) and only then moves the query and
 * CheckTx views on. InitChain writes nothing, so a crash before the first Commit starts over.
 */
export class AbciApp implements AbciApplication {
  private readonly log: Logger
  private readonly execution: ExecuteBlockOptions
  /** InitChain's prepared genesis commit, written with the first height's batch. */
  private genesisCommit: PreparedCommit | undefined
  private finalized: Finalized | undefined
  private checkState: StateBranch | undefined
  private readonly last: CometLastBlock
  private storeUpgrades: StoreUpgradePlan | undefined
  /** The consensus params after the last committed height (as JSON text, to tell a change). */
  private paramsText: string | undefined
  private readonly snapshots: AbciSnapshots

  constructor(private readonly o: AbciAppOptions) {
    this.log = o.logger.child({ module: 'abci' })
    this.execution = {
      app: o.app,
      store: o.store,
      txExecutor: o.txRunner,
      context: (state, header, events, comet) => o.context(state, header, events, comet, 'deliver'),
      logger: o.logger.child({ module: 'state' }),
    }
    this.last = new CometLastBlock(o.backend, o.genesis)
    this.storeUpgrades = o.storeUpgrades
    this.snapshots = new AbciSnapshots(o.snapshots, this.log)
  }

  /** Loads what CheckTx needs of the last committed block. */
  async load(): Promise<void> {
    await this.last.load(this.o.store.latestHeight)
    if (this.o.store.latestHeight >= 0) {
      const params = await this.o.consensusParams(this.o.store.view())
      this.paramsText = JSON.stringify(params)
      this.o.onConsensusParams?.(params)
    }
  }

  async info(req: Proto<'tendermint.abci.RequestInfo'>): Promise<Res<'Info'>> {
    const { store } = this.o
    const height = this.lastHeight
    this.log.info({ cometbft: req.version, abci: req.abci_version, height }, 'ABCI handshake: Info')
    return {
      data: 'sdkd',
      version: this.o.version,
      app_version: (height > 0 ? await this.o.protocolVersion() : 0n).toString(),
      last_block_height: String(height),
      last_block_app_hash: height > 0 ? store.appHash : emptyBytes(),
    }
  }

  /** The last committed block's height (0 before the first: genesis alone is no block). */
  private get lastHeight(): number {
    const h = this.o.store.latestHeight
    return h >= this.o.genesis.initialHeight ? h : 0
  }

  async initChain(req: Proto<'tendermint.abci.RequestInitChain'>): Promise<Res<'InitChain'>> {
    const { genesis, store } = this.o
    if (req.chain_id !== genesis.chainId) {
      throw new UserError(
        `invalid chain-id on InitChain; expected: ${genesis.chainId}, got: ${req.chain_id}`,
      )
    }
    if (this.genesisCommit || store.latestHeight >= 0) {
      throw new UserError(
        `InitChain at height ${store.latestHeight}: this app's data already holds a chain; reset both sdkd's and CometBFT's data together`,
      )
    }
    const header = this.headerOf({
      height: initChainHeight(genesis.initialHeight),
      time: timestampToTime(req.time ?? {}),
      proposer: emptyBytes(),
      nextValidatorsHash: emptyBytes(),
    })
    const { prepared, updates } = await prepareGenesis(this.o, (branch) =>
      this.o.context(branch, header, new EventManager(), EMPTY_COMET_INFO, 'deliver'),
    )
    prepared.apply()
    this.genesisCommit = prepared
    this.checkState = undefined
    this.log.info(
      {
        chain_id: genesis.chainId,
        app_hash: toHexUpper(prepared.appHash),
        validators: updates.length,
      },
      'InitChain: genesis state prepared (written with the first block)',
    )
    return {
      validators: updates.map((u) => ({
        pub_key: { ed25519: u.pubKey },
        power: u.power.toString(),
      })),
      app_hash: prepared.appHash,
    }
  }

  async query(req: Proto<'tendermint.abci.RequestQuery'>): Promise<Res<'Query'>> {
    return this.o.query(req)
  }

  async checkTx(req: Proto<'tendermint.abci.RequestCheckTx'>): Promise<Res<'CheckTx'>> {
    const runner = this.o.txRunner
    if (!runner) {
      return { code: 1, codespace: 'sdk', log: 'this app version takes no transactions' }
    }
    this.checkState ??= this.o.store.branch()
    const header = this.headerOf({
      height: Math.max(this.last.height, this.o.genesis.initialHeight),
      time: this.last.time,
      proposer: emptyBytes(),
      nextValidatorsHash: emptyBytes(),
    })
    const ctx = this.o.context(
      this.checkState,
      header,
      new EventManager(),
      EMPTY_COMET_INFO,
      'check',
    )
    const out = await runner.checkTx(ctx, new Uint8Array(req.tx), req.type === CHECK_TX_RECHECK)
    return txResultToProto(out)
  }

  async prepareProposal(
    req: Proto<'tendermint.abci.RequestPrepareProposal'>,
  ): Promise<Res<'PrepareProposal'>> {
    // The SDK's default with its no-op mempool: the txs in order while their protobuf size in the
    // block's Data stays within max_tx_bytes (CometBFT panics on a list over it).
    const max = Number(int64Of(req.max_tx_bytes))
    const txs: Uint8Array[] = []
    let size = 0
    for (const tx of req.txs) {
      const add = 1 + uvarintLength(tx.length) + tx.length
      if (max >= 0 && size + add > max) break
      size += add
      txs.push(tx)
    }
    return { txs }
  }

  async processProposal(): Promise<Res<'ProcessProposal'>> {
    return { status: ACCEPT }
  }

  async extendVote(): Promise<Res<'ExtendVote'>> {
    // Vote extensions are off (vote_extensions_enable_height 0): an empty extension, as asked.
    return { vote_extension: emptyBytes() }
  }

  async verifyVoteExtension(): Promise<Res<'VerifyVoteExtension'>> {
    return { status: ACCEPT }
  }

  async finalizeBlock(
    req: Proto<'tendermint.abci.RequestFinalizeBlock'>,
    lock: AbciLock,
  ): Promise<Res<'FinalizeBlock'>> {
    const started = performance.now()
    const { store, rules } = this.o
    const height = Number(int64Of(req.height))
    const expected = this.genesisCommit ? this.o.genesis.initialHeight : store.latestHeight + 1
    if (this.finalized || height !== expected) {
      throw new UserError(`invalid height: ${height}; expected: ${expected}`)
    }
    const time = timestampToTime(req.time ?? {})
    if (rules.haltsAtHeight(height) || rules.haltsAtTime(time)) throw rules.halt()
    const header = this.headerOf({
      height,
      time,
      proposer: new Uint8Array(req.proposer_address),
      nextValidatorsHash: new Uint8Array(req.next_validators_hash),
    })
    const upgrades = this.storeUpgrades?.height === height ? this.storeUpgrades : undefined
    let executed: Awaited<ReturnType<typeof executeBlock>>
    let params: ConsensusParamsJson | undefined
    try {
      executed = await executeBlock(this.execution, {
        header,
        txs: req.txs.map((t) => new Uint8Array(t)),
        storeUpgrades: upgrades,
        comet: cometInfoOf(req),
        inspect: async (state) => {
          params = await this.o.consensusParams(state)
        },
      })
    } catch (err) {
      if (err instanceof ChainHaltError && err.exitCode === UPGRADE_HALT_EXIT_CODE) {
        return this.park(height, err, lock)
      }
      throw err
    }
    if (upgrades) this.storeUpgrades = undefined
    this.finalized = {
      height,
      time,
      prepared: executed.prepared,
      ms: performance.now() - started,
      params: params!,
    }
    const resultsEvents = [...executed.beginBlockEvents, ...executed.endBlockEvents]
    return {
      events: resultsEvents.map(eventToProto),
      tx_results: executed.results.all().map((r: TxResult) => txResultToProto(r)),
      validator_updates: executed.validatorUpdates.map((u) => ({
        pub_key: { ed25519: u.pubKey },
        power: u.power.toString(),
      })),
      // An SDK v0.50 app returns its consensus params from every FinalizeBlock; CometBFT applies
      // them from the next height on.
      consensus_param_updates: consensusParamsToProto(params!),
      app_hash: executed.prepared.appHash,
    }
  }

  /**
   * An upgrade is due and this binary has no handler: upgrade-info.json is written and the line
   * logged (x/upgrade did both). The block is never answered, so consensus stays at this height
   * as an in-process SDK node does, while queries and CheckTx go on; cosmovisor stops the process.
   */
  private park(height: number, err: ChainHaltError, lock: AbciLock): Promise<never> {
    this.o.store.abortCommit()
    this.o.onUpgradeHalt?.(height, err)
    lock.release()
    return new Promise<never>(() => undefined)
  }

  async commit(): Promise<Res<'Commit'>> {
    const committing = performance.now()
    const f = this.finalized
    if (!f) throw new UserError('Commit without a FinalizeBlock before it')
    const genesis = this.genesisCommit
    const ops = [...(genesis?.ops ?? []), ...f.prepared.ops, ...this.last.ops(f.height, f.time)]
    try {
      await this.o.backend.write(ops, { sync: true })
    } catch (err) {
      this.o.store.abortCommit()
      throw err
    }
    f.prepared.apply()
    genesis?.publish()
    f.prepared.publish()
    this.genesisCommit = undefined
    this.finalized = undefined
    this.last.committed(f.height, f.time)
    const paramsText = JSON.stringify(f.params)
    if (paramsText !== this.paramsText) {
      this.paramsText = paramsText
      this.o.onConsensusParams?.(f.params)
    }
    // CometBFT rechecks its mempool right after Commit: against the new state.
    this.checkState = undefined
    this.o.onCommit?.(f.height, f.prepared.appHash, {
      finalizeMs: f.ms,
      commitMs: performance.now() - committing,
    })
    this.o.snapshots?.snapshotIfApplicable(f.height, f.time)
    // Upstream's ResponseCommit.RetainHeight: CometBFT prunes its block store below it.
    return { retain_height: String(this.o.rules.retainHeight(f.height, f.params.evidence)) }
  }

  listSnapshots = () => this.snapshots.list()
  offerSnapshot = async (req: Proto<'tendermint.abci.RequestOfferSnapshot'>) =>
    this.snapshots.offer(req)
  loadSnapshotChunk = (req: Proto<'tendermint.abci.RequestLoadSnapshotChunk'>) =>
    this.snapshots.loadChunk(req)

  /** The last chunk restores the state: CheckTx then runs with the snapshot height's block. */
  applySnapshotChunk(req: Proto<'tendermint.abci.RequestApplySnapshotChunk'>) {
    return this.snapshots.applyChunk(req, async (r) => {
      if (r.time !== undefined) this.last.committed(r.height, r.time)
      this.checkState = undefined
      await this.load()
    })
  }

  /**
   * The header a height runs with under CometBFT: what the SDK's BaseApp builds from the request
   * (chain id, height, time, proposer, next validators hash, the last committed app hash); the
   * fields CometBFT computes from the block are not known to the app and stay empty.
   */
  private headerOf(h: {
    height: number
    time: TimeNs
    proposer: Bytes
    nextValidatorsHash: Bytes
  }): ExecHeader {
    const none = emptyBytes()
    return {
      chainId: this.o.genesis.chainId,
      height: h.height,
      time: h.time,
      dataHash: none,
      validatorsHash: none,
      nextValidatorsHash: h.nextValidatorsHash,
      consensusHash: none,
      appHash: this.o.store.workingAppHash,
      lastResultsHash: none,
      evidenceHash: none,
      proposerAddress: h.proposer,
    }
  }
}
