import type { BlockContext } from '../../app/types.js'
import { bech32ToAddress, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { validateDenom } from '../../codec/coins.js'
import { decFromString } from '../../codec/dec.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import type { StakingAuthKeeper } from './expected-keepers.js'
import { BOND_STATUS_BONDED, defaultStakingParams, type StakingKeeper } from './keeper.js'
import {
  BONDED_POOL_NAME,
  MODULE_NAME,
  NOT_BONDED_POOL_NAME,
  POOL_PERMISSIONS,
  POWER_REDUCTION,
  valoperPrefix,
} from './keys.js'

// x/staking genesis (upstream x/staking/genesis.go), minimal: validators and delegations only.

const PATH = 'app_state.staking'

/** A genesis section checked and parsed into the records InitGenesis stores. */
export interface StakingGenesis {
  /** The section's params, checked (so present). */
  params: Proto<'sdk.staking.v1beta1.Params'>
  validators: { operator: Bytes; v: Proto<'sdk.staking.v1beta1.Validator'>; tokens: bigint }[]
  delegations: { delegator: Bytes; validator: Bytes; d: Proto<'sdk.staking.v1beta1.Delegation'> }[]
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
    const shares = decode(() => decFromString(v.delegator_shares || '0'))
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
    const shares = decode(() => decFromString(d.shares || '0'))
    if (shares === undefined || shares <= 0n) fail(`${field}.shares`, 'expected a positive decimal')
    delegations.push({ delegator: delegator!, validator: validator!, d })
  }
  if (g.unbonding_delegations.length > 0)
    fail('unbonding_delegations', 'sdkd runs no unbonding: must be empty')
  if (g.redelegations.length > 0) fail('redelegations', 'sdkd runs no redelegation: must be empty')
  return { params: params!, validators, delegations }
}

/**
 * Upstream InitGenesis: stores the params, validators (the bonded ones with their power) and
 * delegations, creates the pool accounts, and checks the bonded pool holds the bonded tokens.
 */
export async function initStakingGenesis(
  ctx: BlockContext,
  keeper: StakingKeeper,
  auth: StakingAuthKeeper,
  { params, validators, delegations }: StakingGenesis,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  const c = keeper.c
  c.params.set(store, params)
  let bondedTokens = 0n
  let totalPower = 0n
  for (const { operator, v, tokens } of validators) {
    c.validators.set(store, operator, v)
    if (v.status === BOND_STATUS_BONDED) {
      bondedTokens += tokens
      const power = tokens / POWER_REDUCTION
      c.lastValidatorPower.set(store, operator, power)
      totalPower += power
    }
  }
  c.lastTotalPower.set(store, totalPower.toString())
  for (const { delegator, validator, d } of delegations) {
    c.delegations.set(store, [delegator, validator], d)
    // Upstream SetDelegation also keeps the by-validator index that Query/ValidatorDelegations pages.
    c.delegationsByValidator.set(store, [validator, delegator], true)
  }
  for (const name of [BONDED_POOL_NAME, NOT_BONDED_POOL_NAME]) {
    const address = moduleAddress(name)
    if (await auth.getAccount(ctx.state, address)) continue
    auth.setAccount(ctx.state, {
      address,
      pubKey: undefined,
      accountNumber: await auth.nextAccountNumber(ctx.state),
      sequence: 0n,
      module: { name, permissions: POOL_PERMISSIONS },
    })
  }
  // Upstream refuses a genesis whose bonded pool does not hold exactly the bonded tokens.
  const denom = params.bond_denom
  const pool = await keeper.totalBondedTokens(ctx.state)
  if (pool !== bondedTokens) {
    const coins = (n: bigint) => (n === 0n ? '' : `${n}${denom}`)
    fail(
      'validators',
      `bonded pool balance is different from bonded coins: ${coins(pool)} <-> ${coins(bondedTokens)}`,
    )
  }
}

function decode<T>(f: () => T): T | undefined {
  try {
    return f()
  } catch {
    return undefined
  }
}
