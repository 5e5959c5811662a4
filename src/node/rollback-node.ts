import { keptBlockOps } from '../chain/kept-block.js'
import type { Bytes } from '../codec/bytes.js'
import { UserError } from '../errors.js'
import { snapshotDropsAbove } from './dev-snapshots.js'
import type { Node } from './node.js'

/** Where a rollback left the chain: the height now latest and its app hash. */
export interface RolledBack {
  height: number
  appHash: Bytes
}

/**
 * `sdkd rollback` on a chain the simulated producer made (the node open, nothing served): the
 * state at height n is replaced by the state at n − 1, as CometBFT's and the SDK's rollbacks do,
 * in one atomic batch. Without `hard` block n is kept — its time and txs, made again into the same
 * block by the next start, which executes its txs again — and with it it is removed. Dev snapshots
 * above n − 1 go. Refusals carry CometBFT's texts (`no state found`, `block at height h not
 * found`); the caller prefixes them as upstream does.
 */
export async function rollbackSimulated(node: Node, hard: boolean): Promise<RolledBack> {
  const latest = node.blocks.latest
  if (!latest) throw new UserError('no state found')
  const n = latest.block.header.height
  const target = n - 1
  if (target < Math.max(node.blocks.base, 1)) {
    throw new UserError(`block at height ${target} not found`)
  }
  if (!hard && (latest.block.evidence?.length ?? 0) > 0) {
    throw new UserError(
      `block ${n} carries evidence, which the next start cannot submit again: roll it back with --hard (the block is removed, and its txs with it)`,
    )
  }
  const ops = [
    ...(await snapshotDropsAbove(node.backend, target)),
    ...(hard ? [] : keptBlockOps(latest)),
  ]
  await node.producer.rollbackTo(target, ops)
  // Block n's header carries the app hash of the state after n − 1: the state now latest.
  return { height: target, appHash: latest.block.header.appHash }
}

/**
 * The app's side of `sdkd rollback` under CometBFT, once CometBFT's own rollback has taken its
 * state to `height`: the app's state goes back to `height` too (upstream's RollbackToVersion). An
 * app already there is left as it is.
 */
export async function rollbackAppState(node: Node, height: number): Promise<void> {
  const { store, backend } = node
  const latest = store.latestHeight
  if (latest === height) return
  if (latest < height) {
    throw new UserError(
      `the app's state is at height ${latest}, below CometBFT's ${height}: nothing to roll back (start the node: CometBFT replays the missing blocks)`,
    )
  }
  const prepared = await store.prepareRollback(height)
  try {
    await backend.write(prepared.ops, { sync: true })
  } catch (err) {
    store.abortCommit()
    throw err
  }
  prepared.apply()
}
