import type { BlockContext, Misbehavior } from '../../app/types.js'
import { formatRfc3339Nano, goDuration } from '../../codec/time.js'
import { ErrLogic } from '../../errors.js'
import { consAddressText, type SlashingKeeper } from './keeper.js'
import { DOUBLE_SIGN_JAIL_END_TIME, MODULE_NAME, VALIDATOR_UPDATE_DELAY } from './keys.js'

/** The consensus params' evidence section, which bounds how old handled evidence may be. */
export interface EvidenceParams {
  maxAgeNumBlocks: bigint
  /** In nanoseconds. */
  maxAgeDuration: bigint
}

/**
 * Upstream HandleEquivocationEvidence (x/evidence/keeper/infraction.go): slashes, jails forever and
 * tombstones a validator that signed two blocks at one height; stale evidence, unknown validators
 * and already tombstoned validators are ignored. Returns whether the evidence was acted on (x/evidence
 * then stores it).
 */
export async function handleEquivocation(
  ctx: BlockContext,
  keeper: SlashingKeeper,
  evidenceParams: EvidenceParams,
  evidence: Misbehavior,
): Promise<boolean> {
  const log = () => ctx.logger.child({ module: 'x/evidence' })
  const consAddr = evidence.address
  const text = consAddressText(consAddr)
  const validator = await keeper.staking.validatorByConsAddr(ctx.state, consAddr)
  // BOND_STATUS_UNBONDED is 1: an unbonded validator's stake has already left.
  if (!validator || validator.status === 1) return false
  // Evidence is only handled for keys staking created (upstream GetPubkey).
  if (!(await keeper.c.pubkeys.has(ctx.state.store(MODULE_NAME), consAddr))) return false

  const infractionHeight = BigInt(evidence.height)
  const infractionTime = formatRfc3339Nano(evidence.time)
  const ageDuration = ctx.time - evidence.time
  const ageBlocks = BigInt(ctx.height) - infractionHeight
  // Stale only when too old both in time and in blocks.
  if (ageDuration > evidenceParams.maxAgeDuration && ageBlocks > evidenceParams.maxAgeNumBlocks) {
    log().info(
      {
        validator: text,
        infraction_height: infractionHeight.toString(),
        max_age_num_blocks: evidenceParams.maxAgeNumBlocks.toString(),
        infraction_time: infractionTime,
        max_age_duration: goDuration(evidenceParams.maxAgeDuration),
      },
      'ignored equivocation; evidence too old',
    )
    return false
  }

  const info = await keeper.signingInfo(ctx.state, consAddr)
  if (!info) throw ErrLogic.wrap(`expected signing info for validator ${text} but not found`)
  if (info.tombstoned) {
    log().info(
      {
        validator: text,
        infraction_height: infractionHeight.toString(),
        infraction_time: infractionTime,
      },
      'ignored equivocation; validator already tombstoned',
    )
    return false
  }
  log().info(
    {
      validator: text,
      infraction_height: infractionHeight.toString(),
      infraction_time: infractionTime,
    },
    'confirmed equivocation',
  )

  // The stake that signed twice is the validator set of the infraction height, decided one block before.
  const distributionHeight = Number(infractionHeight) - VALIDATOR_UPDATE_DELAY
  const params = await keeper.params(ctx.state)
  await keeper.slash(
    ctx,
    consAddr,
    params.slashFractionDoubleSign,
    evidence.power,
    distributionHeight,
    'double_sign',
  )
  if (!validator.jailed) await keeper.jail(ctx, consAddr)
  await keeper.jailUntil(ctx, consAddr, DOUBLE_SIGN_JAIL_END_TIME)
  await keeper.tombstone(ctx, consAddr)
  return true
}
