import type { BatchOp, StoreBackend } from '../store/backend.js'
import type { BlockStore } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'

/**
 * Writes the rollback of the state and of the block store to `height`, with `extraOps`, as one
 * atomic batch (a restart afterwards stays rolled back), then applies it in memory; returns the app
 * hash at `height`. When anything fails nothing is written, the store is released and the error is
 * thrown. Every built block must be durable first.
 */
export async function rollbackChain(
  o: { store: VersionedStore; blocks: BlockStore; backend: StoreBackend },
  height: number,
  extraOps: readonly BatchOp[],
): Promise<Uint8Array> {
  const { store, blocks, backend } = o
  let state: Awaited<ReturnType<VersionedStore['prepareRollback']>>
  let chain: Awaited<ReturnType<BlockStore['prepareRollback']>>
  try {
    state = await store.prepareRollback(height)
    chain = await blocks.prepareRollback(height)
    await backend.write([...state.ops, ...chain.ops, ...extraOps])
  } catch (err) {
    store.abortCommit()
    throw err
  }
  state.apply()
  chain.apply()
  return state.appHash
}
