import type { DevKeepers } from '../app/dev-keepers.js'
import { addressToBech32 } from '../codec/address.js'
import { coinsToString } from '../codec/coins.js'
import type { AuthKeeper } from '../modules/auth/keeper.js'
import type { BankKeeper } from '../modules/bank/keeper.js'

/** The dev API's out-of-band edits over an app version's auth and bank keepers. */
export function createDevKeepers(auth: AuthKeeper, bank: BankKeeper): DevKeepers {
  return {
    async setBalance(ctx, address, coins) {
      if (!(await auth.hasAccount(ctx.state, address))) await auth.createAccount(ctx.state, address)
      for (const coin of coins) {
        const before = await bank.balance(ctx.state, address, coin.denom)
        const supply = await bank.supplyOf(ctx.state, coin.denom)
        bank.setBalance(ctx.state, address, coin)
        bank.setSupply(ctx.state, { denom: coin.denom, amount: supply - before + coin.amount })
      }
      ctx.events.emit('dev_set_balance', {
        address: addressToBech32(address),
        amount: coinsToString(coins),
      })
    },
  }
}
