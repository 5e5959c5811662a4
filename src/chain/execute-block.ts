import type { App } from '../app/app.js'
import type { BlockContext, CometInfo } from '../app/types.js'
import type { ExecHeader } from '../block/header.js'
import type { Bytes } from '../codec/bytes.js'
import { ChainHaltError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { StateBranch, StoreUpgrades } from '../store/types.js'
import type { PreparedCommit, VersionedStore } from '../store/versioned-store.js'
import type { TxExecutor } from '../tx/executor.js'
import { type RunBlockParameters, type RunBlockReturnType, runBlock } from './run-block.js'

/** The store upgrades of an upgrade, due with the block at `height`. */
export interface StoreUpgradePlan {
  name: string
  height: number
  upgrades: StoreUpgrades
}

/** What a height executes with. Every input is here: nothing comes from who makes the blocks. */
export interface ExecuteBlockRequest {
  header: ExecHeader
  txs: readonly Bytes[]
  /** Store upgrades to apply to the block's branch before PreBlock, so they commit with it. */
  storeUpgrades?: StoreUpgradePlan | undefined
  /** An out-of-band change (dev edit) made after BeginBlock, before the txs. */
  edit?: ((ctx: BlockContext) => Promise<void>) | undefined
  /** The previous block's votes and this block's evidence (FinalizeBlock's decided_last_commit, misbehavior). */
  comet?: CometInfo | undefined
  /** Reads the height's state once EndBlock has run (FinalizeBlock's consensus params). */
  inspect?: ((state: StateBranch) => Promise<void>) | undefined
}

export interface ExecuteBlockOptions {
  app: App
  store: VersionedStore
  txExecutor?: TxExecutor | undefined
  /** The context each phase and each tx runs with. */
  context: RunBlockParameters['context']
  logger: Logger
  /** Between a block's txs, the event loop gets a turn this often (ms; `runBlock`). */
  yieldEveryMs?: number | undefined
}

export interface ExecutedBlock extends RunBlockReturnType {
  /** The height's state writes and app hash; nothing is applied or written yet. */
  prepared: PreparedCommit
}

/**
 * Runs one height as ABCI's FinalizeBlock does: on a branch of the working state, the store
 * upgrades due, then PreBlock → BeginBlock → txs → EndBlock (`runBlock`), and prepares the
 * height's commit (its writes and app hash). The block producer calls it for every height; a
 * driver taking blocks from CometBFT would call it with FinalizeBlock's request.
 */
export async function executeBlock(
  o: ExecuteBlockOptions,
  request: ExecuteBlockRequest,
): Promise<ExecutedBlock> {
  const { header } = request
  const branch = o.store.branch()
  const upgrades = request.storeUpgrades
  if (upgrades) {
    await applyStoreUpgrades(branch, upgrades)
    o.logger.info(
      { upgrade: upgrades.name, height: header.height, ...upgrades.upgrades },
      'applying store upgrades',
    )
  }
  const ran = await runBlock(o.app, {
    branch,
    header,
    txs: request.txs,
    txExecutor: o.txExecutor,
    context: o.context,
    comet: request.comet,
    yieldEveryMs: o.yieldEveryMs,
    ...(request.edit ? { edit: request.edit } : {}),
  })
  if (request.inspect) await request.inspect(branch)
  return {
    results: ran.results,
    beginBlockEvents: ran.beginBlockEvents,
    endBlockEvents: ran.endBlockEvents,
    validatorUpdates: ran.validatorUpdates,
    prepared: o.store.prepareCommit(branch, header.height),
  }
}

/**
 * Applies the store upgrades of an upgrade. A store it adds that exists already means the data was
 * not made by the app version the upgrade starts from (e.g. an older binary was run on a newer
 * home): say so plainly and halt, instead of a logic error.
 */
async function applyStoreUpgrades(branch: StateBranch, upgrades: StoreUpgradePlan): Promise<void> {
  for (const name of upgrades.upgrades.added ?? []) {
    if (branch.hasStore(name)) {
      throw new ChainHaltError(
        `upgrade "${upgrades.name}" at height ${upgrades.height} adds the store "${name}", but this chain's state already has it: ` +
          `the data in this home was not made by the app version the upgrade starts from (was an older app version run on a newer home?). ` +
          `Nothing was committed; start the chain over (sdkd devnet --reset, or sdkd comet unsafe-reset-all) with the app version it should start from`,
        1,
      )
    }
  }
  await branch.upgradeStores(upgrades.upgrades)
}
