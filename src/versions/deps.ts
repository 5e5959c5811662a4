import type { ProtoRegistry } from '../codec/proto.js'
import { defaultConsensusParams } from '../config/genesis.js'
import type { ConsensusParamsJson } from '../modules/consensus/params.js'

/** What every app version is built from: the registry and facts about the running node. */
export interface AppVersionDeps {
  registry: ProtoRegistry
  /** The chain's consensus params (genesis.json `consensus.params`); CometBFT defaults if absent. */
  consensusParams?: ConsensusParamsJson
  /** x/upgrade settings of this process. */
  upgrade?: {
    /** `--unsafe-skip-upgrades`: heights whose upgrade is skipped. */
    skipHeights?: readonly number[]
    /** Where a halting binary writes the plan (`<home>/data/upgrade-info.json`). */
    upgradeInfoPath?: string
    /** Resolves once every height before the one being made is durable (the node's commits). */
    earlierHeightsDurable?: () => Promise<void>
  }
}

/** The consensus params of `deps`, each section falling back to the CometBFT defaults. */
export function consensusParamsOf(deps: AppVersionDeps): ConsensusParamsJson {
  const d = defaultConsensusParams()
  const cp = (deps.consensusParams ?? {}) as Partial<ConsensusParamsJson>
  return {
    block: { ...d.block, ...cp.block },
    evidence: { ...d.evidence, ...cp.evidence },
    validator: { ...d.validator, ...cp.validator },
    version: { ...d.version, ...cp.version },
    abci: { ...d.abci, ...cp.abci },
  }
}

/** x/upgrade module options from `deps`. */
export function upgradeOptionsOf(deps: AppVersionDeps) {
  return {
    ...(deps.upgrade?.skipHeights ? { skipHeights: deps.upgrade.skipHeights } : {}),
    ...(deps.upgrade?.upgradeInfoPath ? { upgradeInfoPath: deps.upgrade.upgradeInfoPath } : {}),
    ...(deps.upgrade?.earlierHeightsDurable
      ? { earlierHeightsDurable: deps.upgrade.earlierHeightsDurable }
      : {}),
    consensusAppVersion: BigInt(consensusParamsOf(deps).version.app || '0'),
  }
}
