import type { AppModule, BlockContext } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import { addCoins, type Coin, coinsFromProto, coinsToString } from '../../codec/coins.js'
import { JsonMappingError, jsonToMessage } from '../../codec/json.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { type BankKeeper, defaultBankParams } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { registerBankMsgs } from './msgs.js'
import { registerBankQueries } from './queries.js'

/** x/bank: balances, supply and transfers. */
export function createBankModule(registry: ProtoRegistry, keeper: BankKeeper): AppModule {
  const genesisType = registry.type('sdk.bank.v1beta1.GenesisState')
  const parse = (genesis: unknown): ProtoMessage =>
    genesisType.fromObject(jsonToMessage(registry, genesisType, genesis ?? {}, 'app_state.bank'))

  /** Balances per address and the supply they add up to; errors name the genesis field. */
  const analyse = (g: ProtoMessage) => {
    const balances: { address: Uint8Array; coins: Coin[] }[] = []
    let total: Coin[] = []
    const seen = new Set<string>()
    for (const [i, b] of ((g.balances ?? []) as ProtoMessage[]).entries()) {
      const field = `app_state.bank.balances[${i}]`
      let address: Uint8Array
      let coins: Coin[]
      try {
        address = bech32ToAddress(String(b.address ?? ''))
        coins = coinsFromProto(b.coins)
      } catch (err) {
        throw new JsonMappingError(`${field}: ${(err as Error).message}`)
      }
      if (seen.has(String(b.address)))
        throw new JsonMappingError(`${field}: duplicate balance for address ${b.address}`)
      seen.add(String(b.address))
      balances.push({ address, coins })
      total = addCoins(total, coins)
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
    return { balances, total }
  }

  return {
    name: MODULE_NAME,
    consensusVersion: 4,
    registerServices: (cfg) => {
      registerBankQueries(cfg, keeper)
      registerBankMsgs(cfg, keeper)
    },
    defaultGenesis: () => ({
      params: defaultBankParams(),
      balances: [],
      supply: [],
      denom_metadata: [],
      send_enabled: [],
    }),
    validateGenesis(genesis) {
      analyse(parse(genesis))
    },
    async initGenesis(ctx: BlockContext, genesis) {
      const g = parse(genesis)
      const { balances, total } = analyse(g)
      const store = ctx.state.store(MODULE_NAME)
      keeper.c.params.set(store, g.params ?? defaultBankParams())
      for (const { address, coins } of balances)
        for (const coin of coins) keeper.setBalance(ctx.state, address, coin)
      for (const coin of total) keeper.setSupply(ctx.state, coin)
      for (const m of (g.denom_metadata ?? []) as ProtoMessage[])
        keeper.c.denomMetadata.set(store, String(m.base), m)
    },
  }
}
