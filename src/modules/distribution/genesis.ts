import type { BlockContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { brand } from '../../codec/brand.js'
import type { Bytes } from '../../codec/bytes.js'
import { coinsToString } from '../../codec/coins.js'
import {
  decCoinsAdd,
  decCoinsEqual,
  decCoinsFromCoins,
  decCoinsFromProto,
  decCoinsIsAnyNegative,
  decCoinsToProto,
  decCoinsToString,
  decCoinsTruncateDecimal,
} from '../../codec/dec-coins.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { ChainError } from '../../errors.js'
import type { Readable } from '../../store/types.js'
import type { DistributionKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { defaultDistributionParamsJson, readParams, validateParams } from './params.js'

// x/distribution genesis (upstream x/distribution/keeper/genesis.go, types/genesis.go).

const PATH = 'app_state.distribution'
type Genesis = Proto<'sdk.distribution.v1beta1.GenesisState'>

/** Default distribution genesis section, as simd writes it. */
export function defaultDistributionGenesis() {
  return {
    params: defaultDistributionParamsJson(),
    fee_pool: { community_pool: [] },
    delegator_withdraw_infos: [],
    previous_proposer: '',
    outstanding_rewards: [],
    validator_accumulated_commissions: [],
    validator_historical_rewards: [],
    validator_current_rewards: [],
    delegator_starting_infos: [],
    validator_slash_events: [],
  }
}

const valoper = () => brand().bech32.validator
const valcons = () => brand().bech32.consensus

/** Upstream ValidateGenesis (params, a community pool without negatives), and every address read. */
export function parseDistributionGenesis(registry: ProtoRegistry, genesis: unknown): Genesis {
  const type = registry.type('sdk.distribution.v1beta1.GenesisState')
  const g = messageFromJson(registry, type, genesis ?? {}, PATH)
  const params = g.params ?? registry.decode('sdk.distribution.v1beta1.Params', new Uint8Array())
  try {
    validateParams(readParams(params))
  } catch (err) {
    if (err instanceof ChainError) throw new JsonMappingError(`${PATH}.params: ${err.message}`)
    throw err
  }
  const pool = decCoinsFromProto(g.fee_pool?.community_pool)
  if (decCoinsIsAnyNegative(pool)) {
    throw new JsonMappingError(
      `${PATH}.fee_pool: negative CommunityPool in distribution fee pool, is ${decCoinsToString(pool)}`,
    )
  }
  const check = (field: string, text: string, prefix?: string) => {
    try {
      bech32ToAddress(text, prefix)
    } catch (err) {
      throw new JsonMappingError(`${PATH}.${field}: ${(err as Error).message}`)
    }
  }
  g.delegator_withdraw_infos.forEach((w, i) => {
    check(`delegator_withdraw_infos[${i}].delegator_address`, w.delegator_address)
    check(`delegator_withdraw_infos[${i}].withdraw_address`, w.withdraw_address)
  })
  if (g.previous_proposer !== '') check('previous_proposer', g.previous_proposer, valcons())
  const lists = [
    ['outstanding_rewards', g.outstanding_rewards],
    ['validator_accumulated_commissions', g.validator_accumulated_commissions],
    ['validator_historical_rewards', g.validator_historical_rewards],
    ['validator_current_rewards', g.validator_current_rewards],
    ['delegator_starting_infos', g.delegator_starting_infos],
    ['validator_slash_events', g.validator_slash_events],
  ] as const
  for (const [name, list] of lists) {
    list.forEach((r: { validator_address: string }, i: number) => {
      check(`${name}[${i}].validator_address`, r.validator_address, valoper())
    })
  }
  g.delegator_starting_infos.forEach((d, i) => {
    check(`delegator_starting_infos[${i}].delegator_address`, d.delegator_address)
  })
  return g
}

/**
 * Upstream InitGenesis: every record stored; then the distribution account must hold exactly the
 * whole coins of the outstanding rewards plus the community pool, else the chain cannot start.
 */
export async function initDistributionGenesis(
  ctx: BlockContext,
  k: DistributionKeeper,
  g: Genesis,
): Promise<void> {
  const state = ctx.state
  const store = state.store(MODULE_NAME)
  const val = (text: string): Bytes => bech32ToAddress(text, valoper())
  const pool = decCoinsFromProto(g.fee_pool?.community_pool)
  k.setCommunityPool(state, pool)
  k.setParams(
    state,
    g.params ?? registry(k).decode('sdk.distribution.v1beta1.Params', new Uint8Array()),
  )
  for (const w of g.delegator_withdraw_infos) {
    k.setWithdrawAddress(
      state,
      bech32ToAddress(w.delegator_address),
      bech32ToAddress(w.withdraw_address),
    )
  }
  k.setPreviousProposer(
    state,
    g.previous_proposer === ''
      ? new Uint8Array(0)
      : bech32ToAddress(g.previous_proposer, valcons()),
  )
  let holdings = pool
  for (const r of g.outstanding_rewards) {
    const rewards = decCoinsFromProto(r.outstanding_rewards)
    k.setOutstandingRewards(state, val(r.validator_address), rewards)
    holdings = decCoinsAdd(holdings, rewards)
  }
  for (const r of g.validator_accumulated_commissions) {
    const commission = decCoinsFromProto(r.accumulated?.commission)
    k.setAccumulatedCommission(state, val(r.validator_address), commission)
  }
  for (const r of g.validator_historical_rewards) {
    k.c.historical.set(store, [val(r.validator_address), BigInt(r.period.toString())], {
      cumulative_reward_ratio: r.rewards?.cumulative_reward_ratio ?? [],
      reference_count: r.rewards?.reference_count ?? 0,
    })
  }
  for (const r of g.validator_current_rewards) {
    k.c.current.set(store, val(r.validator_address), r.rewards ?? {})
  }
  for (const r of g.delegator_starting_infos) {
    k.c.startingInfo.set(
      store,
      [val(r.validator_address), bech32ToAddress(r.delegator_address)],
      r.starting_info ?? {},
    )
  }
  for (const r of g.validator_slash_events) {
    const key: [bigint, bigint] = [BigInt(r.height.toString()), BigInt(r.period.toString())]
    k.c.slashEvents.set(store, [val(r.validator_address), key], r.validator_slash_event ?? {})
  }
  await k.bank.ensureModuleAccount(state, MODULE_NAME)
  const [expected] = decCoinsTruncateDecimal(holdings)
  const balances = await k.bank.balances(state, k.bank.moduleAddress(MODULE_NAME))
  if (!decCoinsEqual(decCoinsFromCoins(balances), decCoinsFromCoins(expected))) {
    // Upstream panics with the sentence alone (no error code after it).
    throw new JsonMappingError(
      `distribution module balance does not match the module holdings: ${coinsToString(balances)} <-> ${coinsToString(expected)}`,
    )
  }
}

function registry(k: DistributionKeeper): ProtoRegistry {
  return k.registry
}

/** Upstream ExportGenesis: every record, in key order, in genesis JSON form. */
export async function exportDistributionGenesis(state: Readable, k: DistributionKeeper) {
  const store = state.store(MODULE_NAME)
  const op = (b: Bytes) => addressToBech32(b, valoper())
  const c = k.c
  const g: ProtoInit<'sdk.distribution.v1beta1.GenesisState'> = {
    params: await k.rawParams(state),
    fee_pool: { community_pool: decCoinsToProto(await k.communityPool(state)) },
    delegator_withdraw_infos: [],
    previous_proposer: '',
    outstanding_rewards: [],
    validator_accumulated_commissions: [],
    validator_historical_rewards: [],
    validator_current_rewards: [],
    delegator_starting_infos: [],
    validator_slash_events: [],
  }
  const proposer = await k.previousProposer(state)
  if (proposer.length > 0) g.previous_proposer = addressToBech32(proposer, valcons())
  const withdraw = []
  for await (const [d, w] of c.withdrawAddress.iterate(store)) {
    withdraw.push({ delegator_address: addressToBech32(d), withdraw_address: addressToBech32(w) })
  }
  const outstanding = []
  for await (const [v, r] of c.outstanding.iterate(store)) {
    outstanding.push({ validator_address: op(v), outstanding_rewards: r.rewards })
  }
  const commissions = []
  for await (const [v, r] of c.commission.iterate(store)) {
    commissions.push({ validator_address: op(v), accumulated: r })
  }
  const historical = []
  for await (const [[v, period], r] of c.historical.iterate(store)) {
    historical.push({ validator_address: op(v), period, rewards: r })
  }
  const current = []
  for await (const [v, r] of c.current.iterate(store)) {
    current.push({ validator_address: op(v), rewards: r })
  }
  const starting = []
  for await (const [[v, d], r] of c.startingInfo.iterate(store)) {
    starting.push({
      delegator_address: addressToBech32(d),
      validator_address: op(v),
      starting_info: r,
    })
  }
  const slashes = []
  for await (const [[v, [height, period]], r] of c.slashEvents.iterate(store)) {
    slashes.push({ validator_address: op(v), height, period, validator_slash_event: r })
  }
  Object.assign(g, {
    delegator_withdraw_infos: withdraw,
    outstanding_rewards: outstanding,
    validator_accumulated_commissions: commissions,
    validator_historical_rewards: historical,
    validator_current_rewards: current,
    delegator_starting_infos: starting,
    validator_slash_events: slashes,
  })
  const type = k.registry.type('sdk.distribution.v1beta1.GenesisState')
  return messageToJson(k.registry, type, type.fromObject(g))
}
