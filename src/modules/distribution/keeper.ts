import type { Bytes } from '../../codec/bytes.js'
import type { DecCoin } from '../../codec/dec-coins.js'
import { scratchState } from '../../store/scratch.js'
import type { Readable } from '../../store/types.js'
import { calculateDelegationRewards, incrementValidatorPeriod } from './periods.js'
import { DistributionRecords, heightOf } from './records.js'

export {
  type CurrentRewards,
  type DistributionKeeperOptions,
  type HistoricalRewards,
  heightOf,
  type SlashEvent,
  type StartingInfo,
} from './records.js'

/**
 * x/distribution keeper: its records (records.ts) and the reads that compute (a delegation's
 * rewards as the query sees them).
 */
export class DistributionKeeper extends DistributionRecords {
  /**
   * Upstream's DelegationRewards query: the period is incremented in a throw-away view of `state`,
   * then the rewards are calculated; undefined when the validator or the delegation is missing.
   */
  async delegationRewards(
    state: Readable,
    operator: Bytes,
    delegator: Bytes,
  ): Promise<DecCoin[] | undefined> {
    const val = await this.staking.validator(state, operator)
    if (!val) return undefined
    const del = await this.staking.delegation(state, delegator, operator)
    if (!del) return undefined
    const scratch = scratchState(state)
    const ending = await incrementValidatorPeriod(this, scratch, operator, val)
    return calculateDelegationRewards(
      this,
      scratch,
      heightOf(state),
      operator,
      delegator,
      val,
      del,
      ending,
    )
  }

  /** The operators `delegator` has delegations with, in staking's delegation key order. */
  delegatorValidators(state: Readable, delegator: Bytes): Promise<Bytes[]> {
    return this.staking.delegatorValidators(state, delegator)
  }
}
