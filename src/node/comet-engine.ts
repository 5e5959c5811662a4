import { AbciApp } from '../chain/abci-app.js'
import type { AbciResponse } from '../chain/abci-application.js'
import { cometLastBlockOps } from '../chain/abci-last-block.js'
import { consensusParamsIn } from '../chain/consensus-params.js'
import { HeightRules } from '../chain/height-rules.js'
import { StateSnapshots } from '../chain/state-snapshots.js'
import { type Bytes, fromBase64Strict, toHexUpper } from '../codec/bytes.js'
import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import type { ChainHaltError } from '../errors.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import { listenAbciGrpc } from '../server/abci/grpc-server.js'
import { type AbciServer, listenAbci } from '../server/abci/socket-server.js'
import { abciQuery } from '../server/rpc/abci-query.js'
import { SnapshotFiles } from '../store/snapshot-files.js'
import { consensusParamsOf } from '../versions/deps.js'
import { type Node, SDKD_VERSION } from './node.js'

/** The app served to CometBFT: its ABCI server and what happened to it. */
export interface CometEngine {
  /** Where the ABCI server listens (CometBFT's address form). */
  readonly address: string
  /** The height an upgrade halted at (its FinalizeBlock parked), once it has. */
  readonly upgradeHaltHeight: number | undefined
  /** Resolves when an upgrade halts the chain (the app stays up: cosmovisor stops the process). */
  readonly upgradeHalt: Promise<ChainHaltError>
  close(): Promise<void>
}

/**
 * Serves `node`'s app to CometBFT over ABCI++ at `listen` (sdkd's own simulated
 * producer stays idle: blocks, votes and the mempool are CometBFT's). The app's REST and gRPC
 * servers are the node's, started by the caller.
 */
export async function serveUnderCometbft(
  node: Node,
  /** Where the ABCI server listens (CometBFT's `proxy_app` form) and its transport. */
  listen: { address: string; transport: 'socket' | 'grpc' },
): Promise<CometEngine> {
  const { home, logger } = node.options
  const router = node.router
  const upgradeKeeper = new UpgradeKeeper({ registry: node.registry })
  let halted: number | undefined
  let onHalt: (err: ChainHaltError) => void = () => undefined
  const upgradeHalt = new Promise<ChainHaltError>((resolve) => {
    onHalt = resolve
  })
  const genesisParams = consensusParamsOf({
    registry: node.registry,
    consensusParams: home.genesis.json.consensus.params,
  })
  const app = new AbciApp({
    app: node.app,
    store: node.store,
    backend: node.backend,
    genesis: home.genesis,
    logger,
    txRunner: node.tx?.runner,
    context: (state, header, events, comet, mode) =>
      node.producer.context(state, header, events, comet, mode),
    query: (req) => queryOf(node, router, req),
    protocolVersion: () => upgradeKeeper.protocolVersion(node.store.view()),
    version: SDKD_VERSION,
    rules: new HeightRules({
      haltHeight: home.app.haltHeight,
      haltTime: home.app.haltTime,
      minRetainBlocks: home.app.minRetainBlocks,
      snapshotRetentionHeights:
        home.app.stateSync.snapshotInterval * home.app.stateSync.snapshotKeepRecent,
    }),
    storeUpgrades: node.storeUpgrades,
    consensusParams: (state) => consensusParamsIn(state, node.registry, genesisParams),
    onConsensusParams: (params) => node.tx?.runner.setBlockMaxGas(BigInt(params.block.max_gas)),
    onCommit: (height, appHash, t) => {
      node.metrics?.observeAbciCommit(t.commitMs)
      logger.debug(
        {
          module: 'abci',
          height,
          app_hash: toHexUpper(appHash),
          finalize_ms: t.finalizeMs,
          commit_ms: t.commitMs,
        },
        'committed',
      )
    },
    snapshots: stateSnapshotsOf(node),
    onUpgradeHalt: (height, err) => {
      // x/upgrade has logged the NEEDED line already (once, as upstream does).
      halted = height
      onHalt(err)
    },
  })
  await app.load()
  const server: AbciServer = await (listen.transport === 'grpc' ? listenAbciGrpc : listenAbci)({
    address: listen.address,
    app,
    logger,
  })
  return {
    address: server.address,
    get upgradeHaltHeight() {
      return halted
    },
    upgradeHalt,
    close: () => server.close(),
  }
}

/** The home's state sync snapshots (`data/snapshots`), taken as app.toml's `[state-sync]` says. */
export function stateSnapshotsOf(node: Node): StateSnapshots {
  const { home, logger } = node.options
  return new StateSnapshots({
    store: node.store,
    backend: node.backend,
    files: new SnapshotFiles(home.paths.snapshotsDir),
    storeNames: () => node.app.storeNames(),
    genesisHash: home.genesis.hash,
    logger,
    interval: home.app.stateSync.snapshotInterval,
    keepRecent: home.app.stateSync.snapshotKeepRecent,
    lastBlockOps: cometLastBlockOps,
  })
}

/**
 * ABCI Query through the node's query router, as the `abci_query` RPC route answers it (gRPC
 * paths, `/app/simulate`, `/store/…`), in ResponseQuery's protobuf form.
 */
async function queryOf(
  node: Node,
  router: Node['router'],
  req: Proto<'tendermint.abci.RequestQuery'>,
): Promise<AbciResponse<'Query'>> {
  const r = await abciQuery(
    router,
    {
      path: req.path,
      data: new Uint8Array(req.data),
      height: Number(int64Of(req.height)),
      prove: req.prove,
    },
    node.options.logger,
    (h) => node.store.view(h),
    SDKD_VERSION,
  )
  const bytes = (b64: string | null): Bytes =>
    (b64 ? fromBase64Strict(b64) : undefined) ?? new Uint8Array()
  return {
    code: r.code,
    log: r.log,
    info: r.info,
    index: r.index,
    key: bytes(r.key),
    value: bytes(r.value),
    height: r.height,
    codespace: r.codespace,
  }
}
