import type { BlockContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import { addCoins, type Coin, coinsFromProto, coinsToString } from '../../codec/coins.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import { type BankKeeper, defaultBankParams } from './keeper.js'
import { MODULE_NAME, sendEnabledBytes, sendEnabledOf } from './keys.js'
import { metadataListProblem } from './metadata.js'
import type { BankViewKeeper } from './view-keeper.js'

// x/bank genesis (upstream x/bank/keeper/genesis.go and types/genesis.go).

/** A genesis section checked and parsed into the records InitGenesis stores. */
export interface BankGenesis {
  g: Proto<'sdk.bank.v1beta1.GenesisState'>
  /** Balances per address. */
  balances: { address: Bytes; coins: Coin[] }[]
  /** The supply the balances add up to. */
  total: Coin[]
}

/** Default bank genesis section (upstream JSON shape). */
export function defaultBankGenesis() {
  return {
    params: defaultBankParams(),
    balances: [],
    supply: [],
    denom_metadata: [],
    send_enabled: [],
  }
}

/** Upstream ValidateGenesis, with the balances parsed; errors name the genesis field. */
export function parseBankGenesis(registry: ProtoRegistry, genesis: unknown): BankGenesis {
  const genesisType = registry.type('sdk.bank.v1beta1.GenesisState')
  const g = messageFromJson(registry, genesisType, genesis ?? {}, 'app_state.bank')
  const balances: BankGenesis['balances'] = []
  let total: Coin[] = []
  const seen = new Set<string>()
  for (const [i, b] of g.balances.entries()) {
    const field = `app_state.bank.balances[${i}]`
    let address: Bytes
    let coins: Coin[]
    try {
      address = bech32ToAddress(b.address)
      coins = coinsFromProto(b.coins)
    } catch (err) {
      throw new JsonMappingError(`${field}: ${(err as Error).message}`)
    }
    if (seen.has(b.address))
      throw new JsonMappingError(`${field}: duplicate balance for address ${b.address}`)
    seen.add(b.address)
    balances.push({ address, coins })
    total = addCoins(total, coins)
  }
  // Upstream checks the metadata after the balances and before the supply.
  const metadata = metadataListProblem(g.denom_metadata)
  if (metadata) {
    throw new JsonMappingError(`app_state.bank.denom_metadata[${metadata.index}]: ${metadata.text}`)
  }
  let supply: Coin[]
  try {
    supply = coinsFromProto(g.supply)
  } catch (err) {
    throw new JsonMappingError(`app_state.bank.supply: ${(err as Error).message}`)
  }
  if (supply.length > 0 && coinsToString(supply) !== coinsToString(total)) {
    throw new JsonMappingError(
      `app_state.bank.supply: genesis supply is incorrect, expected ${coinsToString(supply)}, got ${coinsToString(total)}`,
    )
  }
  return { g, balances, total }
}

/**
 * Upstream GenesisState.GetAllSendEnabled: the section's `send_enabled` entries, then the deprecated
 * `params.send_enabled` ones for denoms the section does not name.
 */
function allSendEnabled(g: {
  params: { send_enabled: Proto<'sdk.bank.v1beta1.SendEnabled'>[] } | null
  send_enabled: Proto<'sdk.bank.v1beta1.SendEnabled'>[]
}): Proto<'sdk.bank.v1beta1.SendEnabled'>[] {
  const own = g.send_enabled
  const named = new Set(own.map((se) => se.denom))
  return [...own, ...(g.params?.send_enabled ?? []).filter((se) => !named.has(se.denom))]
}

/**
 * Upstream InitGenesis: params (stored without the deprecated `send_enabled` list, as SetParams
 * does), the per-denom send-enabled flags, balances, the supply they add up to, denom metadata.
 */
export function initBankGenesis(
  ctx: BlockContext,
  keeper: BankKeeper,
  { g, balances, total }: BankGenesis,
): void {
  const store = ctx.state.store(MODULE_NAME)
  const params = g.params ?? defaultBankParams()
  keeper.c.params.set(store, { ...params, send_enabled: [] })
  for (const se of allSendEnabled(g))
    keeper.c.sendEnabled.set(store, se.denom, sendEnabledBytes(se.enabled))
  for (const { address, coins } of balances)
    for (const coin of coins) keeper.setBalance(ctx.state, address, coin)
  for (const coin of total) keeper.setSupply(ctx.state, coin)
  for (const m of g.denom_metadata) keeper.c.denomMetadata.set(store, m.base, m)
}

/**
 * Upstream ExportGenesis (NewGenesisState with MigrateSendEnabled), in genesis JSON form: the params
 * (their deprecated `send_enabled` list moved to the section's), the balances of each address
 * holding coins in the store's key order (as upstream GetAccountsBalances walks them: the address
 * length-prefixed, so by length, then by bytes; coins by denom), the total supply by denom, the
 * denom metadata by base denom, and the per-denom send-enabled flags by denom.
 */
export async function exportBankGenesis(
  state: Readable,
  keeper: BankViewKeeper,
  registry: ProtoRegistry,
) {
  const store = state.store(MODULE_NAME)
  const c = keeper.c
  const balances: { address: string; coins: { denom: string; amount: string }[] }[] = []
  let last: Bytes | undefined
  for await (const [[address, denom], amount] of c.balances.iterate(store)) {
    if (amount === 0n) continue
    if (!last || !equalBytes(last, address)) {
      balances.push({ address: addressToBech32(address), coins: [] })
      last = address
    }
    balances[balances.length - 1]!.coins.push({ denom, amount: amount.toString() })
  }
  const supply = []
  for await (const [denom, amount] of c.supply.iterate(store)) {
    if (amount !== 0n) supply.push({ denom, amount: amount.toString() })
  }
  const metadata = []
  for await (const [, m] of c.denomMetadata.iterate(store)) metadata.push(m)
  const sendEnabled = []
  for await (const [denom, v] of c.sendEnabled.iterate(store)) {
    sendEnabled.push({ denom, enabled: sendEnabledOf(v) })
  }
  const params = await keeper.params(state)
  const g: ProtoInit<'sdk.bank.v1beta1.GenesisState'> = {
    params: { ...params, send_enabled: [] },
    balances,
    supply,
    denom_metadata: metadata,
    send_enabled: allSendEnabled({ params, send_enabled: sendEnabled }),
  }
  const type = registry.type('sdk.bank.v1beta1.GenesisState')
  return messageToJson(registry, type, type.fromObject(g))
}
