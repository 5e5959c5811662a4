import type { App } from '../app/app.js'
import type { BlockContext, ValidatorUpdate } from '../app/types.js'
import { toHexUpper } from '../codec/bytes.js'
import type { Genesis } from '../config/genesis.js'
import type { Logger } from '../logger.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import type { StateBranch } from '../store/types.js'
import type { PreparedCommit, VersionedStore } from '../store/versioned-store.js'

/**
 * The block height InitGenesis runs at, as upstream's InitChain: 0 on a chain whose initial height
 * is 1 ("the init chain block height as 0"), the initial height when it is greater. Genesis
 * validators' signing infos start there, and genesis delegations' reward periods.
 */
export function initChainHeight(initialHeight: number): number {
  return initialHeight > 1 ? initialHeight : 0
}

/**
 * InitChain: when nothing is committed yet, creates the app's stores, runs every module's genesis
 * with the context `contextOf` gives, and commits the result (with the genesis hash the data
 * remembers, and the ops `validatorOps` makes of the validator updates InitChain returned) as the
 * height before the initial one. Returns whether it ran.
 */
export async function initChain(
  o: { app: App; store: VersionedStore; backend: StoreBackend; genesis: Genesis; log: Logger },
  contextOf: (branch: StateBranch) => BlockContext,
  validatorOps: (updates: readonly ValidatorUpdate[]) => BatchOp[] = () => [],
): Promise<boolean> {
  const { store, genesis } = o
  if (store.latestHeight >= 0) return false
  const { prepared, updates } = await prepareGenesis(o, contextOf)
  try {
    await o.backend.write([...prepared.ops, ...validatorOps(updates)])
  } catch (err) {
    store.abortCommit()
    throw err
  }
  prepared.apply()
  prepared.publish()
  o.log.info(
    { chain_id: genesis.chainId, app_hash: toHexUpper(prepared.appHash) },
    'initialized chain from genesis',
  )
  return true
}

/**
 * Genesis as a prepared commit of the height before the initial one (nothing applied or written):
 * the app's stores created, every module's genesis run, and the genesis hash the data remembers
 * among its writes. Returns the validator updates InitGenesis gave.
 */
export async function prepareGenesis(
  o: { app: App; store: VersionedStore; genesis: Genesis },
  contextOf: (branch: StateBranch) => BlockContext,
): Promise<{ prepared: PreparedCommit; updates: readonly ValidatorUpdate[] }> {
  const { store, app, genesis } = o
  const branch = store.branch()
  await branch.upgradeStores({ added: app.storeNames() })
  const updates = await app.initChain(contextOf(branch), genesis.appState)
  const prepared = store.prepareCommit(branch, genesis.initialHeight - 1)
  prepared.ops.push({ type: 'put', key: META_GENESIS_HASH, value: genesis.hash })
  return { prepared, updates }
}
