import type { BlockContext, ValidatorUpdate } from '../../app/types.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { validateDenom } from '../../codec/coins.js'
import { decFromAtomics } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import { insertUbdQueue, setUbd } from './delegation.js'
import type { StakingAuthKeeper } from './expected-keepers.js'
import {
  BOND_STATUS_BONDED,
  BOND_STATUS_UNBONDING,
  defaultStakingParams,
  type StakingKeeper,
} from './keeper.js'
import {
  BONDED_POOL_NAME,
  MODULE_NAME,
  NOT_BONDED_POOL_NAME,
  POOL_PERMISSIONS,
  valoperPrefix,
} from './keys.js'
import { initRedelegation } from './redelegation.js'
import {
  consPubKeyOf,
  poolBalance,
  setDelegation,
  setValidator,
  setValidatorByConsAddr,
  setValidatorByPowerIndex,
  timeOf,
} from './validators.js'
import { insertValidatorQueue } from './valset.js'

// x/staking genesis (upstream x/staking/genesis.go): params, validators, delegations, unbonding
// delegations and redelegations with their queues.

const PATH = 'app_state.staking'

/** A genesis section checked and parsed into the records InitGenesis stores. */
export interface StakingGenesis {
  /** The section's params, checked (so present). */
  params: Proto<'sdk.staking.v1beta1.Params'>
  validators: { operator: Bytes; v: Proto<'sdk.staking.v1beta1.Validator'>; tokens: bigint }[]
  delegations: { delegator: Bytes; validator: Bytes; d: Proto<'sdk.staking.v1beta1.Delegation'> }[]
  unbondingDelegations: Proto<'sdk.staking.v1beta1.UnbondingDelegation'>[]
  redelegations: Proto<'sdk.staking.v1beta1.Redelegation'>[]
  lastTotalPower: string
  lastValidatorPowers: Proto<'sdk.staking.v1beta1.LastValidatorPower'>[]
  exported: boolean
}

/** Default staking genesis section (upstream JSON shape). */
export function defaultStakingGenesis() {
  return {
    params: defaultStakingParams(),
    last_total_power: '0',
    last_validator_powers: [],
    validators: [],
    delegations: [],
    unbonding_delegations: [],
    redelegations: [],
    exported: false,
  }
}

function fail(field: string, problem: string): never {
  throw new JsonMappingError(`${PATH}.${field}: ${problem}`)
}

/** Upstream ValidateGenesis (the parts sdkd keeps), with the records parsed for InitGenesis. */
export function parseStakingGenesis(registry: ProtoRegistry, genesis: unknown): StakingGenesis {
  const genesisType = registry.type('sdk.staking.v1beta1.GenesisState')
  const g = messageFromJson(registry, genesisType, genesis ?? {}, PATH)
  const { params } = g
  // An absent params section has no bond denom: the denom check refuses it.
  try {
    validateDenom(params?.bond_denom ?? '')
  } catch (err) {
    fail('params.bond_denom', (err as Error).message)
  }
  if ((params?.max_validators ?? 0) <= 0) fail('params.max_validators', 'must be positive')
  const validators: StakingGenesis['validators'] = []
  const seen = new Set<string>()
  for (const [i, v] of g.validators.entries()) {
    const field = `validators[${i}]`
    const operator = decode(() => bech32ToAddress(v.operator_address, valoperPrefix()))
    if (!operator) fail(`${field}.operator_address`, 'invalid validator operator address')
    const key = Buffer.from(operator!).toString('hex')
    const moniker = v.description?.moniker ?? ''
    if (seen.has(key)) {
      fail(
        field,
        `duplicate validator in genesis state: moniker ${moniker}, address ${v.operator_address}`,
      )
    }
    seen.add(key)
    const pk = v.consensus_pubkey
    const ed25519Url = registry.typeUrl('/sdk.crypto.ed25519.PubKey')
    if (pk?.type_url !== ed25519Url) fail(`${field}.consensus_pubkey`, `expected an ${ed25519Url}`)
    const pkKey = decode(() => registry.decode('sdk.crypto.ed25519.PubKey', pk.value).key)
    if (pkKey?.length !== 32) fail(`${field}.consensus_pubkey`, 'expected a 32-byte key')
    const tokens = decode(() => BigInt(v.tokens || '0'))
    if (tokens === undefined || tokens < 0n)
      fail(`${field}.tokens`, 'expected a non-negative integer')
    const shares = decode(() => decFromAtomics(v.delegator_shares))
    if (shares === undefined || shares < 0n)
      fail(`${field}.delegator_shares`, 'expected a non-negative decimal')
    const bonded = v.status === BOND_STATUS_BONDED
    if (bonded && v.jailed) {
      fail(
        field,
        `validator is bonded and jailed in genesis state: moniker ${moniker}, address ${v.operator_address}`,
      )
    }
    if (shares === 0n && !v.jailed) {
      fail(
        field,
        `bonded/unbonded genesis validator cannot have zero delegator shares, validator: ${v.operator_address}`,
      )
    }
    validators.push({ operator: operator!, v, tokens: tokens! })
  }
  const delegations: StakingGenesis['delegations'] = []
  for (const [i, d] of g.delegations.entries()) {
    const field = `delegations[${i}]`
    const delegator = decode(() => bech32ToAddress(d.delegator_address))
    if (!delegator) fail(`${field}.delegator_address`, 'invalid delegator address')
    const validator = decode(() => bech32ToAddress(d.validator_address, valoperPrefix()))
    if (!validator) fail(`${field}.validator_address`, 'invalid validator address')
    const shares = decode(() => decFromAtomics(d.shares))
    if (shares === undefined || shares <= 0n) fail(`${field}.shares`, 'expected a positive decimal')
    delegations.push({ delegator: delegator!, validator: validator!, d })
  }
  for (const [i, u] of g.unbonding_delegations.entries()) {
    const field = `unbonding_delegations[${i}]`
    if (!decode(() => bech32ToAddress(u.delegator_address)))
      fail(`${field}.delegator_address`, 'invalid delegator address')
    if (!decode(() => bech32ToAddress(u.validator_address, valoperPrefix())))
      fail(`${field}.validator_address`, 'invalid validator address')
    for (const [j, e] of u.entries.entries()) {
      const b = decode(() => BigInt(e.balance || '0'))
      if (b === undefined || b < 0n)
        fail(`${field}.entries[${j}].balance`, 'expected a non-negative integer')
    }
  }
  for (const [i, r] of g.redelegations.entries()) {
    const field = `redelegations[${i}]`
    if (!decode(() => bech32ToAddress(r.delegator_address)))
      fail(`${field}.delegator_address`, 'invalid delegator address')
    for (const k of ['validator_src_address', 'validator_dst_address'] as const) {
      if (!decode(() => bech32ToAddress(r[k], valoperPrefix())))
        fail(`${field}.${k}`, 'invalid validator address')
    }
  }
  return {
    params: params!,
    validators,
    delegations,
    unbondingDelegations: g.unbonding_delegations,
    redelegations: g.redelegations,
    lastTotalPower: g.last_total_power || '0',
    lastValidatorPowers: g.last_validator_powers,
    exported: g.exported,
  }
}

/**
 * Upstream InitGenesis: stores the params, validators (with their indexes and, when not exported,
 * hook AfterValidatorCreated), delegations, unbonding delegations and redelegations with their
 * queues; creates the pool accounts and checks they hold exactly the tokens of their status.
 * Returns the validator set for consensus: the exported last powers, else the result of
 * ApplyAndReturnValidatorSetUpdates.
 */
export async function initStakingGenesis(
  ctx: BlockContext,
  keeper: StakingKeeper,
  auth: StakingAuthKeeper,
  g: StakingGenesis,
): Promise<ValidatorUpdate[]> {
  const { params, validators, delegations } = g
  const store = ctx.state.store(MODULE_NAME)
  const c = keeper.c
  c.params.set(store, params)
  c.lastTotalPower.set(store, g.lastTotalPower)
  let bondedTokens = 0n
  let notBondedTokens = 0n
  for (const { operator, v, tokens } of validators) {
    setValidator(keeper, ctx.state, v)
    setValidatorByConsAddr(keeper, ctx.state, v)
    setValidatorByPowerIndex(keeper, ctx.state, v)
    if (!g.exported) await keeper.hook('afterValidatorCreated', ctx, operator)
    if (v.status === BOND_STATUS_UNBONDING) await insertValidatorQueue(keeper, ctx, v)
    if (v.status === BOND_STATUS_BONDED) bondedTokens += tokens
    else notBondedTokens += tokens
  }
  for (const { delegator, validator, d } of delegations) {
    if (!g.exported) await keeper.hook('beforeDelegationCreated', ctx, delegator, validator)
    setDelegation(keeper, ctx.state, delegator, validator, d)
    if (!g.exported) await keeper.hook('afterDelegationModified', ctx, delegator, validator)
  }
  for (const u of g.unbondingDelegations) {
    const delegator = bech32ToAddress(u.delegator_address)
    const operator = bech32ToAddress(u.validator_address, valoperPrefix())
    setUbd(keeper, ctx, delegator, operator, u)
    for (const e of u.entries) {
      await insertUbdQueue(keeper, ctx, delegator, operator, timeOf(e.completion_time))
      notBondedTokens += BigInt(e.balance || '0')
    }
  }
  for (const r of g.redelegations) await initRedelegation(keeper, ctx, r)
  for (const name of [BONDED_POOL_NAME, NOT_BONDED_POOL_NAME]) {
    const address = moduleAddress(name)
    if (await auth.getAccount(ctx.state, address)) continue
    await auth.setAccount(ctx.state, {
      address,
      pubKey: undefined,
      accountNumber: await auth.nextAccountNumber(ctx.state),
      sequence: 0n,
      module: { name, permissions: POOL_PERMISSIONS },
    })
  }
  // Upstream refuses a genesis whose pools do not hold exactly the tokens of their status.
  const denom = params.bond_denom
  const coins = (n: bigint) => (n === 0n ? '' : `${n}${denom}`)
  const pool = await keeper.totalBondedTokens(ctx.state)
  if (pool !== bondedTokens) {
    fail(
      'validators',
      `bonded pool balance is different from bonded coins: ${coins(pool)} <-> ${coins(bondedTokens)}`,
    )
  }
  const notBondedPool = await poolBalance(keeper, ctx.state, false)
  if (notBondedPool !== notBondedTokens) {
    fail(
      'validators',
      `not bonded pool balance is different from not bonded coins: ${coins(notBondedPool)} <-> ${coins(notBondedTokens)}`,
    )
  }
  if (!g.exported) return keeper.applyAndReturnValidatorSetUpdates(ctx)
  const updates: ValidatorUpdate[] = []
  for (const lv of g.lastValidatorPowers) {
    const operator = bech32ToAddress(lv.address, valoperPrefix())
    const power = int64Of(lv.power)
    c.lastValidatorPower.set(store, operator, power)
    const v = await keeper.validator(ctx.state, operator)
    if (!v) fail('last_validator_powers', `validator ${lv.address} not found`)
    updates.push({ pubKey: consPubKeyOf(keeper.registry, v!), power })
  }
  return updates
}

/**
 * Upstream ExportGenesis: params, the last total power, the last validator powers, every
 * validator, delegation, unbonding delegation and redelegation (each in store key order, their
 * records as stored), and `exported: true` — in genesis JSON form, as InitGenesis reads it back.
 */
export async function exportStakingGenesis(state: Readable, keeper: StakingKeeper) {
  const store = state.store(MODULE_NAME)
  const c = keeper.c
  const lastValidatorPowers = []
  for await (const [operator, power] of c.lastValidatorPower.iterate(store)) {
    lastValidatorPowers.push({ address: addressToBech32(operator, valoperPrefix()), power })
  }
  const validators = []
  for await (const [, v] of c.validators.iterate(store)) validators.push(v)
  const delegations = []
  for await (const [, d] of c.delegations.iterate(store)) delegations.push(d)
  const unbondingDelegations = []
  for await (const [, u] of c.unbondingDelegations.iterate(store)) unbondingDelegations.push(u)
  const redelegations = []
  for await (const [, r] of c.redelegations.iterate(store)) redelegations.push(r)
  const g: ProtoInit<'sdk.staking.v1beta1.GenesisState'> = {
    params: await keeper.params(state),
    last_total_power: (await c.lastTotalPower.get(store)) || '0',
    last_validator_powers: lastValidatorPowers,
    validators,
    delegations,
    unbonding_delegations: unbondingDelegations,
    redelegations,
    exported: true,
  }
  const type = keeper.registry.type('sdk.staking.v1beta1.GenesisState')
  return messageToJson(keeper.registry, type, type.fromObject(g))
}

function decode<T>(f: () => T): T | undefined {
  try {
    return f()
  } catch {
    return undefined
  }
}
