import { toHexUpper } from '../../codec/bytes.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { QueryMethod, QueryRequestInit } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { type BlockTime, blockIntervalMs } from '../../modules/upgrade/timing.js'
import type { BlockStore, StoredBlock } from '../../store/block-store.js'
import type { StateReader } from '../../store/types.js'
import type { QueryRouter } from '../query/router.js'
import type { Json } from './format.js'

/** What the dashboard reads from the node: the query router, the block store and a few facts. */
export interface DashboardChain {
  /** The router behind REST and gRPC: every state read goes through it, at a chosen height. */
  router: QueryRouter
  blocks: BlockStore
  /** The committed state at a height (x/upgrade's records that no query lists). */
  view(height: number): StateReader
  chainId: string
  /** The app version ("binary") this node runs. */
  appVersion: string
  sdkdVersion: string
  moniker: string
  /** `consensus.timeout_commit` in ms (0: as fast as possible). */
  configuredBlockTimeMs: number
  /** `<home>/data/upgrade-info.json`. */
  upgradeInfoPath: string
  /** Txs waiting in the mempool now (absent when the app version takes no txs). */
  mempoolSize?: () => number
  /**
   * Where the blocks are when the block store does not hold them (under CometBFT): said on the
   * overview and on block pages instead of an empty list.
   */
  blocksElsewhere?: string
  /**
   * The next height while the validators signing cannot commit it (no block is made), with why:
   * said on the overview.
   */
  stalled?: () => { height: number; reason: string } | undefined
}

/**
 * Runs a query method (canonical name, `sdk.bank.v1beta1.Query/AllBalances`) at a served height and
 * returns its answer as the REST gateway's JSON; undefined when this app version does not serve it.
 */
export async function query<M extends QueryMethod>(
  chain: DashboardChain,
  method: M,
  request: QueryRequestInit<M>,
  height: number,
): Promise<Json | undefined> {
  const { router } = chain
  const m = router.method(method)
  if (!m) return undefined
  const response = await router.run(m, request, height)
  return messageToJson(router.registry, m.responseType, response)
}

/** One line of the block list. */
export interface BlockSummary {
  height: number
  time: TimeNs
  /** Block hash, upper-case hex. */
  hash: string
  txs: number
  size: number
}

export function summarize(stored: StoredBlock): BlockSummary {
  const { block } = stored
  return {
    height: block.header.height,
    time: block.header.time,
    hash: toHexUpper(block.blockId.hash),
    txs: block.txs.length,
    size: stored.size,
  }
}

/** Most block summaries kept in memory (the live pages read the newest few on every block). */
const MAX_SUMMARIES = 256

/**
 * Summaries of recent blocks: the newest arrive with every committed block (so the live pages never
 * go back to the database for them); older ones are read from the block store once.
 */
export class BlockSummaries {
  private readonly byHeight = new Map<number, BlockSummary>()

  constructor(private readonly blocks: BlockStore) {}

  /** Records a block just committed (it replaces any block of that height a revert took back). */
  add(stored: StoredBlock): void {
    const s = summarize(stored)
    this.byHeight.delete(s.height)
    this.byHeight.set(s.height, s)
    if (this.byHeight.size > MAX_SUMMARIES) {
      const oldest = this.byHeight.keys().next().value
      if (oldest !== undefined) this.byHeight.delete(oldest)
    }
  }

  /** The block at `height`, if retained. */
  async get(height: number): Promise<BlockSummary | undefined> {
    const latest = this.blocks.latest
    if (latest && latest.block.header.height === height) return summarize(latest)
    const known = this.byHeight.get(height)
    if (known) return known
    const stored = await this.blocks.get(height)
    if (!stored) return undefined
    const s = summarize(stored)
    this.byHeight.set(height, s)
    return s
  }

  /** Up to `count` blocks ending at `height`, newest first (stops at the lowest retained block). */
  async recent(height: number, count: number): Promise<BlockSummary[]> {
    const out: BlockSummary[] = []
    const lowest = Math.max(this.blocks.base, 1)
    for (let h = height; h >= lowest && out.length < count; h--) {
      const s = await this.get(h)
      if (s) out.push(s)
    }
    return out
  }
}

/** Blocks the interval estimate looks at. */
const INTERVAL_BLOCKS = 20

/** The heights and times of the recent blocks up to `height` (for the block interval). */
export async function recentBlockTimes(
  summaries: BlockSummaries,
  height: number,
): Promise<BlockTime[]> {
  return (await summaries.recent(height, INTERVAL_BLOCKS)).map((s) => ({
    height: s.height,
    time: s.time,
  }))
}

/** The chain's recent block interval up to `height` (median gap), undefined before two blocks. */
export async function recentIntervalMs(
  summaries: BlockSummaries,
  height: number,
): Promise<number | undefined> {
  return blockIntervalMs(await recentBlockTimes(summaries, height))
}
