import type { EventManager } from '../block/events.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import type {
  MsgOf,
  MsgResponse,
  MsgTypeUrl,
  ProtoMessage,
  ProtoRegistry,
  QueryMethod,
  QueryRequest,
  QueryResponse,
} from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import type { Logger } from '../logger.js'
import type { StoredBlock } from '../store/block-store.js'
import type { StateBranch, StateReader, StoreUpgrades } from '../store/types.js'
import type { DevKeepers } from './dev-keepers.js'
import type { TxKeepers } from './tx-keepers.js'

/** Module name → consensus version (upstream VersionMap). */
export type VersionMap = Record<string, number>

/** CometBFT BlockIDFlag of a validator's vote in a commit. */
export const BlockIdFlag = { ABSENT: 1, COMMIT: 2, NIL: 3 } as const

/** One validator's vote in the previous block's commit (ABCI VoteInfo). */
export interface VoteInfo {
  /** Consensus address: the first 20 bytes of sha256 of the ed25519 public key. */
  readonly address: Bytes
  readonly power: bigint
  /** `BlockIdFlag`: COMMIT when it signed the block, ABSENT when it did not vote. */
  readonly blockIdFlag: number
}

/** The previous block's commit as the app sees it (ABCI CommitInfo); no votes at the first height. */
export interface CommitInfo {
  readonly round: number
  readonly votes: readonly VoteInfo[]
}

/** Evidence of a validator's misbehaviour carried by a block (ABCI Misbehavior). */
export interface Misbehavior {
  readonly type: 'duplicate_vote' | 'light_client_attack'
  /** Consensus address of the validator. */
  readonly address: Bytes
  /** Its power at `height`. */
  readonly power: bigint
  /** Height of the infraction. */
  readonly height: number
  /** Time of the block at `height`. */
  readonly time: TimeNs
  readonly totalVotingPower: bigint
}

/** What consensus tells the app about a block besides its header (upstream sdk.Context CometInfo). */
export interface CometInfo {
  readonly lastCommit: CommitInfo
  readonly misbehavior: readonly Misbehavior[]
}

/** No votes and no evidence (the first height, CheckTx, InitChain). */
export const EMPTY_COMET_INFO: CometInfo = { lastCommit: { round: 0, votes: [] }, misbehavior: [] }

/**
 * A change of one validator's consensus power (ABCI ValidatorUpdate), returned by InitGenesis and
 * EndBlock; power 0 removes the validator. Consensus applies EndBlock's updates of height H from
 * height H+2.
 */
export interface ValidatorUpdate {
  /** ed25519 public key (32 bytes). */
  readonly pubKey: Bytes
  readonly power: bigint
}

/** What a keeper sees while a block executes. */
export interface BlockContext {
  readonly chainId: string
  readonly height: number
  readonly time: TimeNs
  /** The block's header as far as a height's execution knows it (no previous block id or commit hash). */
  readonly header: ExecHeader
  /** The block's working state; written at commit. */
  readonly state: StateBranch
  readonly events: EventManager
  readonly logger: Logger
  readonly registry: ProtoRegistry
  /** Transaction mode: `deliver` in blocks, `check` for mempool admission, `simulate` for gas estimates. */
  readonly mode: 'deliver' | 'check' | 'simulate'
  /** The previous block's votes and the block's evidence (empty outside a block). */
  readonly comet: CometInfo
  /**
   * The tx's gas meter while a tx's messages run (absent in BeginBlock and EndBlock), for the gas a
   * handler charges beyond its store accesses, as upstream's `ctx.GasMeter().ConsumeGas`.
   */
  readonly gasMeter?: { consume(amount: bigint | number, descriptor: string): void }
}

/** What a query handler sees: a read-only committed state at one height. */
export interface QueryContext {
  readonly height: number
  readonly state: StateReader
  readonly registry: ProtoRegistry
  /** Node and block-store facts for node-level services (absent outside a running node). */
  readonly node?: QueryNode
  /**
   * True when the request named no height (no height header, ABCI height 0) and is served at the
   * latest height. Given to node-level handlers alone (never cached), for an answer CometBFT gives
   * differently without a height (the next height's validator set).
   */
  readonly latest?: boolean
}

/** Facts about the node that node-level query services (sdk.base.tendermint.v1beta1) report. */
export interface QueryNode {
  readonly chainId: string
  readonly moniker: string
  /** Hex node id (from node_key.json). */
  readonly nodeId: string
  readonly p2pListenAddr: string
  readonly rpcListenAddr: string
  /** `off` when the tx indexer is `null` (CometBFT's node info), else `on`. */
  readonly txIndex: 'on' | 'off'
  /** sdkd's own version. */
  readonly version: string
  /** Name of the app version ("binary") running. */
  readonly appVersion: string
  /** The app protocol version ABCI Info reports (x/upgrade raises it with every applied upgrade). */
  protocolVersion(): Promise<bigint>
  /** The committed blocks. */
  readonly blocks: {
    readonly base: number
    get(height: number): Promise<StoredBlock | undefined>
  }
  /**
   * The consensus validator set of a height (the set that signs that block), in CometBFT's order;
   * undefined when the height is unknown (below the block store's base or past the next height).
   */
  validatorSet(height: number): Promise<ConsensusValidator[] | undefined>
  /**
   * A raw ABCI query into the app (upstream's `app.Query`, as `abci_query` answers it), for the
   * tendermint service's ABCIQuery; absent where no node serves queries.
   */
  abciQuery?(req: RawAbciQuery): Promise<RawAbciAnswer>
}

/** An ABCI RequestQuery. */
export interface RawAbciQuery {
  path: string
  data: Bytes
  height: number
  prove: boolean
}

/** An ABCI ResponseQuery as the node answers it (bytes as base64, null when empty). */
export interface RawAbciAnswer {
  code: number
  log: string
  info: string
  index: string
  key: string | null
  value: string | null
  height: string
  codespace: string
}

/** One validator of a consensus validator set, as CometBFT's state store keeps it. */
export interface ConsensusValidator {
  /** 20-byte consensus address. */
  address: Bytes
  /** ed25519 public key (32 bytes). */
  pubKey: Bytes
  power: bigint
  proposerPriority: bigint
}

/**
 * One query method implementation (fully-qualified method `sdk.bank.v1beta1.Query/Balance`): its
 * request decoded (every field present), its response as `fromObject` takes it.
 */
export type QueryHandler<M extends QueryMethod> = (
  request: QueryRequest<M>,
  ctx: QueryContext,
) => Promise<QueryResponse<M>>

/**
 * A query handler as the router holds it, its method's types erased: it must be given a decoded
 * request of its method (a protobufjs message: `decode` or `fromObject` of the request type).
 */
export type RoutedQueryHandler = (request: ProtoMessage, ctx: QueryContext) => Promise<object>

/**
 * One Msg implementation keyed by the message's type URL: the Msg decoded in, its response out (at
 * once, or as a promise where it reads or writes what memory does not hold).
 */
export type MsgHandler<U extends MsgTypeUrl> = (
  msg: MsgOf<U>,
  ctx: BlockContext,
) => MsgResponse<U> | Promise<MsgResponse<U>>

/**
 * A Msg handler as the msg router holds it, its type erased: it must be given a decoded Msg of its
 * type URL (a protobufjs message: `decode` or `fromObject` of the Msg type).
 */
export type RoutedMsgHandler = (msg: ProtoMessage, ctx: BlockContext) => object | Promise<object>

/** A state migration of one module from `fromVersion` to `fromVersion + 1`. */
export type Migration = (ctx: BlockContext) => Promise<void>

/** Where a module registers its msg handlers, query handlers and migrations. */
export interface ModuleConfigurator {
  /** By the canonical method name (`sdk.bank.v1beta1.Query/Balance`); served in the brand's. */
  registerQuery<M extends QueryMethod>(method: M, handler: QueryHandler<M>): void
  /** By the canonical type URL (`/sdk.bank.v1beta1.MsgSend`); kept under the brand's. */
  registerMsg<U extends MsgTypeUrl>(typeUrl: U, handler: MsgHandler<U>): void
  registerMigration(module: string, fromVersion: number, migration: Migration): void
}

/**
 * A check of a module's state that must hold after every block (upstream sdk.Invariant): it
 * returns the broken invariant's message (upstream FormatInvariant), or undefined.
 */
export interface Invariant {
  /** Upstream's route (`module-account`, `reference-count` …). */
  readonly route: string
  check(ctx: BlockContext): Promise<string | undefined>
}

/** An invariant with the module that registered it (upstream InvarRoute). */
export interface InvariantRoute extends Invariant {
  readonly module: string
}

/** The first invariant of a module found broken: its route and message. */
export interface BrokenInvariant {
  route: string
  message: string
}

/**
 * A module of the app. Every hook is optional; the app runs them in its explicit order lists.
 * A module owns the store named after it (`storeKey`, default `name`).
 */
export interface AppModule {
  readonly name: string
  readonly consensusVersion: number
  readonly storeKey?: string
  /** The module's section of genesis app_state when none is given. */
  defaultGenesis?(): unknown
  /** Validates its genesis section; throws a message naming the bad field. */
  validateGenesis?(genesis: unknown): void
  /** May return the genesis validator set (one module at most: x/staking). */
  // biome-ignore lint/suspicious/noConfusingVoidType: most modules' hooks return nothing
  initGenesis?(ctx: BlockContext, genesis: unknown): Promise<void | readonly ValidatorUpdate[]>
  exportGenesis?(state: StateReader): Promise<unknown>
  /** At once (no promise) where the module's reads are answered from memory, as `beginBlock`. */
  preBlock?(ctx: BlockContext): void | Promise<void>
  /** At once (no promise) where the module's reads are answered from memory. */
  beginBlock?(ctx: BlockContext): void | Promise<void>
  /**
   * May return validator-set changes (one module at most: x/staking); at once (no promise) where
   * the module's reads are answered from memory.
   */
  endBlock?(
    ctx: BlockContext,
    // biome-ignore lint/suspicious/noConfusingVoidType: most modules' hooks return nothing
  ): void | readonly ValidatorUpdate[] | Promise<void | readonly ValidatorUpdate[]>
  registerServices?(cfg: ModuleConfigurator): void
  /**
   * The module's invariants (upstream RegisterInvariants): the app asserts every one after each
   * block's EndBlock and refuses to commit a block that breaks one.
   */
  readonly invariants?: readonly Invariant[]
  /**
   * Every one of `invariants` at once (upstream's AllInvariants): the first broken in their order,
   * or undefined; the same outcome as checking them one by one, in one reading of the records
   * several of them read. The app uses it, when given, instead of each route's check.
   */
  checkInvariants?(ctx: BlockContext): Promise<BrokenInvariant | undefined>
  /** Called once the module manager holds every module (x/upgrade reaches handlers through it). */
  attach?(host: ModuleHost): void
}

/** What the module manager offers a module once every module is registered. */
export interface ModuleHost {
  /** Name of the running app version ("binary"). */
  readonly appVersion: string
  /** This binary's upgrade of that name (built in or from a plugin), if it has one. */
  upgrade(name: string): UpgradeDefinition | undefined
  /** Every module's current consensus version. */
  versionMap(): VersionMap
  /** Upstream RunMigrations (see UpgradeTools). */
  runMigrations(ctx: BlockContext, fromVersions: VersionMap): Promise<VersionMap>
  /** The msg service router: the handler of a message type URL (gov runs passed proposals with it). */
  msgHandler(typeUrl: string): RoutedMsgHandler | undefined
  /** Every module's invariants, the modules in the app's order (x/crisis checks one on demand). */
  invariantRoutes(): readonly InvariantRoute[]
  /**
   * x/crisis's InitGenesis: every invariant asserted over the genesis state, unless the node was
   * started with `--x-crisis-skip-assert-invariants`.
   */
  assertGenesisInvariants(ctx: BlockContext): Promise<void>
}

/** Plan of an upgrade as the upgrade handler receives it. */
export interface UpgradePlan {
  name: string
  height: number
  info: string
}

/** An upgrade handler: runs migrations and returns the new version map (upstream signature). */
export type UpgradeHandler = (
  ctx: BlockContext,
  plan: UpgradePlan,
  fromVersions: VersionMap,
) => Promise<VersionMap>

/** Tools an upgrade handler may use. */
export interface UpgradeTools {
  /** Runs the module manager's migrations from `fromVersions` up to every module's current version. */
  runMigrations(ctx: BlockContext, fromVersions: VersionMap): Promise<VersionMap>
}

/** A named upgrade known to an app version. */
export interface UpgradeDefinition {
  name: string
  /** Store changes applied when the node restarts at this upgrade's height. */
  storeUpgrades?: StoreUpgrades
  handler(
    ctx: BlockContext,
    plan: UpgradePlan,
    fromVersions: VersionMap,
    tools: UpgradeTools,
  ): Promise<VersionMap>
}

/** Explicit hook order lists (upstream SetOrder*). */
export interface ModuleOrder {
  initGenesis: readonly string[]
  preBlockers: readonly string[]
  beginBlockers: readonly string[]
  endBlockers: readonly string[]
}

/** One "binary": its modules and their versions, hook orders and the upgrades it can apply. */
export interface AppVersion {
  name: string
  modules: readonly AppModule[]
  order: ModuleOrder
  upgrades: readonly UpgradeDefinition[]
  /** The auth and bank keepers transactions are checked and charged with (the ante handler's). */
  txKeepers?: TxKeepers
  /** What the dev API may change out of band (balances). */
  dev?: DevKeepers
  /**
   * Upstream's prepForZeroHeightGenesis (`export --for-zero-height`): the state reset for a new
   * chain at height zero, in the context's (thrown-away) branch; `jailAllowed` empty jails none.
   */
  zeroHeight?(ctx: BlockContext, jailAllowed: readonly Uint8Array[]): Promise<void>
}
