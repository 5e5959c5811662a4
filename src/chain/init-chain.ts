import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import { toHexUpper } from '../codec/bytes.js'
import type { Genesis } from '../config/genesis.js'
import type { Logger } from '../logger.js'
import type { StoreBackend } from '../store/backend.js'
import { META_GENESIS_HASH } from '../store/keys.js'
import type { StateBranch } from '../store/types.js'
import type { VersionedStore } from '../store/versioned-store.js'

/**
 * InitChain: when nothing is committed yet, creates the app's stores, runs every module's genesis
 * with the context `contextOf` gives, and commits the result (with the genesis hash the data
 * remembers) as the height before the initial one.
 */
export async function initChain(
  o: { app: App; store: VersionedStore; backend: StoreBackend; genesis: Genesis; log: Logger },
  contextOf: (branch: StateBranch) => BlockContext,
): Promise<void> {
  const { store, app, genesis } = o
  if (store.latestHeight >= 0) return
  const branch = store.branch()
  await branch.upgradeStores({ added: app.storeNames() })
  await app.initChain(contextOf(branch), genesis.appState)
  const prepared = store.prepareCommit(branch, genesis.initialHeight - 1)
  try {
    await o.backend.write([
      ...prepared.ops,
      { type: 'put', key: META_GENESIS_HASH, value: genesis.hash },
    ])
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
}
