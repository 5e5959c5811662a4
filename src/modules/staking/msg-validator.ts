import type { BlockContext } from '../../app/types.js'
import { decFromAtomics, decToAtomics, decToString } from '../../codec/dec.js'
import type { Proto } from '../../codec/proto.js'
import { timeToTimestamp } from '../../codec/time.js'
import { ErrInvalidRequest, ErrInvalidType, goPanic } from '../../errors.js'
import type { StakingCore } from './core.js'
import { delegate } from './delegation.js'
import {
  ErrCommissionGTMaxChangeRate,
  ErrCommissionGTMaxRate,
  ErrCommissionLTMinRate,
  ErrCommissionNegative,
  ErrCommissionUpdateTime,
  ErrMinSelfDelegationDecreased,
  ErrNoValidatorFound,
  ErrSelfDelegationBelowMinimum,
  ErrValidatorOwnerExists,
  ErrValidatorPubKeyExists,
  ErrValidatorPubKeyTypeNotSupported,
} from './errors.js'
import { MODULE_NAME } from './keys.js'
import {
  commissionText,
  decArg,
  ensureDescriptionLength,
  intArg,
  isEmptyDescription,
  updateDescription,
  validateCreateValidator,
  valoperArg,
} from './msg-checks.js'
import { BOND_STATUS_UNBONDED, type Validator } from './status.js'
import {
  consAddrOfKey,
  rateOf,
  setValidator,
  setValidatorByConsAddr,
  setValidatorByPowerIndex,
} from './validators.js'

// MsgCreateValidator and MsgEditValidator (upstream keeper/msg_server.go), checks in upstream's order.

const DAY_NS = 86_400n * 1_000_000_000n
const ONE = 10n ** 18n

/** Upstream msgServer.CreateValidator. */
export async function createValidator(
  k: StakingCore,
  ctx: BlockContext,
  msg: Proto<'sdk.staking.v1beta1.MsgCreateValidator'>,
): Promise<void> {
  const { operator, pubkey, amount, rates, minSelf } = validateCreateValidator(msg)
  const params = await k.params(ctx.state)
  const minRate = decFromAtomics(params.min_commission_rate)
  if (rates.rate < minRate) {
    throw ErrCommissionLTMinRate.wrap(
      `cannot set validator commission to less than minimum rate of ${decToString(minRate)}`,
    )
  }
  if (await k.validator(ctx.state, operator)) throw ErrValidatorOwnerExists.error()
  const ed25519 = k.registry.typeUrl('/sdk.crypto.ed25519.PubKey')
  const secp256k1 = k.registry.typeUrl('/sdk.crypto.secp256k1.PubKey')
  const pk = pubkey
  if (pk.type_url !== ed25519 && pk.type_url !== secp256k1) {
    throw ErrInvalidType.wrap(`Expecting cryptotypes.PubKey, got ${pk.type_url}`)
  }
  const typeName =
    pk.type_url === ed25519 ? 'sdk.crypto.ed25519.PubKey' : 'sdk.crypto.secp256k1.PubKey'
  let key: Uint8Array
  try {
    key = k.registry.decode(typeName, pk.value).key
  } catch (err) {
    throw ErrInvalidType.wrap(`Expecting cryptotypes.PubKey, got ${(err as Error).message}`)
  }
  // Upstream takes the key's consensus address here, and its Address() panics on a wrong size.
  if (pk.type_url === ed25519 && key.length !== 32) throw goPanic('pubkey is incorrect size')
  if (pk.type_url === secp256k1 && key.length !== 33) {
    throw goPanic('length of pubkey is incorrect')
  }
  if (await k.validatorByConsAddr(ctx.state, consAddrOfKey(key))) {
    throw ErrValidatorPubKeyExists.error()
  }
  const denom = await k.bondDenom(ctx.state)
  if (msg.value!.denom !== denom) {
    throw ErrInvalidRequest.wrap(
      `invalid coin denomination: got ${msg.value!.denom}, expected ${denom}`,
    )
  }
  const description = ensureDescriptionLength(msg.description!)
  if (pk.type_url !== ed25519) {
    throw ErrValidatorPubKeyTypeNotSupported.wrap('got: secp256k1, expected: [ed25519]')
  }
  const v = {
    operator_address: msg.validator_address,
    consensus_pubkey: { type_url: pk.type_url, value: pk.value },
    jailed: false,
    status: BOND_STATUS_UNBONDED,
    tokens: '0',
    delegator_shares: decToAtomics(0n),
    description,
    unbonding_height: 0n,
    unbonding_time: { seconds: '0', nanos: 0 },
    commission: {
      commission_rates: {
        rate: decToAtomics(rates.rate),
        max_rate: decToAtomics(rates.maxRate),
        max_change_rate: decToAtomics(rates.maxChangeRate),
      },
      update_time: timeToTimestamp(ctx.time),
    },
    min_self_delegation: minSelf.toString(),
    unbonding_on_hold_ref_count: 0n,
    unbonding_ids: [],
  } as unknown as Validator
  setValidator(k, ctx.state, v)
  setValidatorByConsAddr(k, ctx.state, v)
  setValidatorByPowerIndex(k, ctx.state, v)
  await k.hook('afterValidatorCreated', ctx, operator)
  const stored = (await k.c.validators.get(ctx.state.store(MODULE_NAME), operator))!
  await delegate(k, ctx, operator, amount, BOND_STATUS_UNBONDED, stored, true)
  ctx.events.emit('create_validator', [
    ['validator', msg.validator_address],
    ['amount', `${amount}${msg.value!.denom}`],
  ])
}

/** Upstream msgServer.EditValidator. */
export async function editValidator(
  k: StakingCore,
  ctx: BlockContext,
  msg: Proto<'sdk.staking.v1beta1.MsgEditValidator'>,
): Promise<void> {
  const operator = valoperArg(msg.validator_address)
  if (isEmptyDescription(msg.description)) throw ErrInvalidRequest.wrap('empty description')
  const minSelf = intArg(msg.min_self_delegation, 'minimum self delegation')
  if (minSelf !== undefined && minSelf <= 0n) {
    throw ErrInvalidRequest.wrap('minimum self delegation must be a positive integer')
  }
  const rate = decArg(msg.commission_rate, 'commission rate')
  const params = await k.params(ctx.state)
  const minRate = decFromAtomics(params.min_commission_rate)
  if (rate !== undefined) {
    if (rate < 0n || rate > ONE) {
      throw ErrInvalidRequest.wrap('commission rate must be between 0 and 1 (inclusive)')
    }
    if (rate < minRate) {
      throw ErrInvalidRequest.wrap(
        `commission rate cannot be less than the min commission rate ${decToString(minRate)}`,
      )
    }
  }
  const v = await k.validator(ctx.state, operator)
  if (!v) throw ErrNoValidatorFound.error()
  v.description = updateDescription(v.description, msg.description!)
  if (rate !== undefined) {
    const c = v.commission!
    const r = c.commission_rates!
    const updated =
      BigInt(String(c.update_time?.seconds ?? 0)) * 1_000_000_000n +
      BigInt(c.update_time?.nanos ?? 0)
    if (ctx.time - updated < DAY_NS) throw ErrCommissionUpdateTime.error()
    if (rate < 0n) throw ErrCommissionNegative.error()
    if (rate > decFromAtomics(r.max_rate)) throw ErrCommissionGTMaxRate.error()
    if (rate - decFromAtomics(r.rate) > decFromAtomics(r.max_change_rate)) {
      throw ErrCommissionGTMaxChangeRate.error()
    }
    v.commission = {
      commission_rates: { ...r, rate: decToAtomics(rate) },
      update_time: timeToTimestamp(ctx.time) as never,
    }
    await k.hook('beforeValidatorModified', ctx, operator)
  }
  if (minSelf !== undefined) {
    if (minSelf <= BigInt(v.min_self_delegation || '0')) throw ErrMinSelfDelegationDecreased.error()
    if (minSelf > rateOf(v).tokens) throw ErrSelfDelegationBelowMinimum.error()
    v.min_self_delegation = minSelf.toString()
  }
  setValidator(k, ctx.state, v)
  ctx.events.emit('edit_validator', [
    ['commission_rate', commissionText(v.commission)],
    ['min_self_delegation', v.min_self_delegation],
  ])
}
