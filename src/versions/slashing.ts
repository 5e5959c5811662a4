import type { AppModule, BlockContext } from '../app/types.js'
import { int64Of } from '../codec/int64.js'
import { ConsensusKeeper } from '../modules/consensus/keeper.js'
import { EvidenceKeeper } from '../modules/evidence/keeper.js'
import { createEvidenceModule } from '../modules/evidence/module.js'
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

/** A JSON evidence params section (CometBFT genesis form: integers as text, the age in ns). */
function evidenceOf(e: { max_age_num_blocks: string; max_age_duration: string }): EvidenceParams {
  return {
    maxAgeNumBlocks: BigInt(e.max_age_num_blocks),
    maxAgeDuration: BigInt(e.max_age_duration),
  }
}

export interface SlashingWiring {
  staking: SlashingStakingKeeper
  /** Every staking validator, for slashing's InitGenesis (upstream IterateValidators). */
  validators(state: Readable): Promise<readonly StakingValidator[]>
  /** The legacy params keeper holding the consensus params (v1's `baseapp` subspace). */
  params?: ParamsKeeper | undefined
}

/**
 * x/slashing wired to the staking keeper (its hooks registered with `addHooks`) and x/evidence on
 * x/slashing. The
 * evidence age bounds are the consensus params in force: x/consensus's (v2), the `baseapp`
 * subspace's (v1), else genesis's.
 */
export function createSlashing(
  deps: AppVersionDeps,
  wiring: SlashingWiring,
): { keeper: SlashingKeeper; slashing: AppModule; evidence: AppModule } {
  const { staking } = wiring
  const { registry } = deps
  const keeper = new SlashingKeeper({ registry, staking })
  staking.addHooks(slashingStakingHooks(keeper))
  const genesisEvidence = evidenceOf(consensusParamsOf(deps).evidence)
  const consensus = new ConsensusKeeper({ registry })
  const evidenceParams = async (ctx: BlockContext): Promise<EvidenceParams> => {
    if (ctx.state.hasStore('consensus')) {
      const e = (await consensus.params(ctx.state))?.evidence
      if (e) {
        const d = e.max_age_duration
        return {
          maxAgeNumBlocks: int64Of(e.max_age_num_blocks),
          maxAgeDuration: d ? int64Of(d.seconds) * 1_000_000_000n + BigInt(d.nanos) : 0n,
        }
      }
    }
    const raw = await wiring.params?.getRaw(ctx.state, BASEAPP_SUBSPACE, 'EvidenceParams')
    return raw === undefined ? genesisEvidence : evidenceOf(JSON.parse(raw))
  }
  return {
    keeper,
    slashing: createSlashingModule({ registry, keeper, validators: wiring.validators }),
    evidence: createEvidenceModule({
      keeper: new EvidenceKeeper({ registry, slashing: keeper, evidenceParams }),
    }),
  }
}
