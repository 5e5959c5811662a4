import type { AppModule } from '../app/types.js'
import type { ParamsKeeper } from '../modules/params/keeper.js'
import { BASEAPP_SUBSPACE } from '../modules/params/keys.js'
import type { EvidenceParams } from '../modules/slashing/evidence.js'
import type {
  SlashingStakingKeeper,
  StakingValidator,
} from '../modules/slashing/expected-keepers.js'
import { slashingStakingHooks } from '../modules/slashing/hooks.js'
import { SlashingKeeper } from '../modules/slashing/keeper.js'
import { createSlashingModule } from '../modules/slashing/module.js'
import type { Readable } from '../store/types.js'
import { type AppVersionDeps, consensusParamsOf } from './deps.js'

/** The staking keeper methods x/slashing calls (SlashingStakingKeeper). */
const SLASHING_STAKING_METHODS = [
  'validator',
  'validatorByConsAddr',
  'delegation',
  'slash',
  'jail',
  'unjail',
  'addHooks',
] as const

/** Whether a staking keeper offers every method x/slashing calls. */
export function isSlashingStakingKeeper(staking: unknown): staking is SlashingStakingKeeper {
  const s = staking as Record<string, unknown>
  return SLASHING_STAKING_METHODS.every((m) => typeof s[m] === 'function')
}

/** A JSON evidence params section (CometBFT genesis form: integers as text, the age in ns). */
function evidenceOf(e: { max_age_num_blocks: string; max_age_duration: string }): EvidenceParams {
  return {
    maxAgeNumBlocks: BigInt(e.max_age_num_blocks),
    maxAgeDuration: BigInt(e.max_age_duration),
  }
}

export interface SlashingWiring {
  /** The staking keeper (must offer the SlashingStakingKeeper methods). */
  staking: unknown
  /** Every staking validator, for slashing's InitGenesis (upstream IterateValidators). */
  validators(state: Readable): Promise<readonly StakingValidator[]>
  /** The legacy params keeper holding the consensus params (v1's `baseapp` subspace). */
  params?: ParamsKeeper | undefined
}

/**
 * x/slashing wired to the staking keeper (its hooks registered with `addHooks`), or undefined
 * while the staking keeper does not offer what slashing calls. The evidence age bounds are the
 * consensus params in force: the `baseapp` subspace's, else genesis's.
 */
export function createSlashing(
  deps: AppVersionDeps,
  wiring: SlashingWiring,
): AppModule | undefined {
  const { staking } = wiring
  if (!isSlashingStakingKeeper(staking)) return undefined
  const { registry } = deps
  const keeper = new SlashingKeeper({ registry, staking })
  staking.addHooks(slashingStakingHooks(keeper))
  const genesisEvidence = evidenceOf(consensusParamsOf(deps).evidence)
  return createSlashingModule({
    registry,
    keeper,
    validators: wiring.validators,
    async evidenceParams(state) {
      const raw = await wiring.params?.getRaw(state, BASEAPP_SUBSPACE, 'EvidenceParams')
      return raw === undefined ? genesisEvidence : evidenceOf(JSON.parse(raw))
    },
  })
}
