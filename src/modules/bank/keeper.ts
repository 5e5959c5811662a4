import type { EventManager } from '../../block/events.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { ErrInsufficientFunds, ErrLogic } from '../../errors.js'
import type { Readable, Writable } from '../../store/types.js'
import type { BankAccountKeeper } from './expected-keepers.js'
import { bankCollections, MODULE_NAME } from './keys.js'

const EMPTY = new Uint8Array(0)

/** Default bank params. */
export function defaultBankParams(): ProtoMessage {
  return { send_enabled: [], default_send_enabled: true }
}

export interface BankKeeperOptions {
  /**
   * Addresses that may not receive funds through bank messages (upstream BlockedAddrs). Default:
   * the fee collector, as simapp blocks every module account but gov's.
   */
  blocked?: readonly Bytes[]
}

/** x/bank keeper: balances, supply, transfers. */
export class BankKeeper {
  readonly c: ReturnType<typeof bankCollections>
  private readonly blocked: Set<string>

  constructor(
    registry: ProtoRegistry,
    /** Creates recipients' accounts; required by `send` (balances alone work without it). */
    private readonly accounts?: BankAccountKeeper,
    options: BankKeeperOptions = {},
  ) {
    this.c = bankCollections(registry)
    const blocked = options.blocked ?? [moduleAddress('fee_collector')]
    this.blocked = new Set(blocked.map((a) => Buffer.from(a).toString('hex')))
  }

  /** Whether `address` may not receive funds through bank messages. */
  isBlocked(address: Bytes): boolean {
    return this.blocked.has(Buffer.from(address).toString('hex'))
  }

  async params(state: Readable): Promise<ProtoMessage> {
    return (await this.c.params.get(state.store(MODULE_NAME))) ?? defaultBankParams()
  }

  async balance(state: Readable, address: Bytes, denom: string): Promise<bigint> {
    return (await this.c.balances.get(state.store(MODULE_NAME), [address, denom])) ?? 0n
  }

  /** All balances of an address, sorted by denom. */
  async balances(state: Readable, address: Bytes): Promise<Coin[]> {
    const out: Coin[] = []
    const prefix = this.c.balances.storeKey([address, '']).subarray(1)
    for await (const [[, denom], amount] of this.c.balances.iterate(state.store(MODULE_NAME), {
      prefix,
    })) {
      out.push({ denom, amount })
    }
    return out
  }

  /** Total supply of a denom. */
  async supplyOf(state: Readable, denom: string): Promise<bigint> {
    return (await this.c.supply.get(state.store(MODULE_NAME), denom)) ?? 0n
  }

  setBalance(state: Writable, address: Bytes, coin: Coin): void {
    const store = state.store(MODULE_NAME)
    if (coin.amount === 0n) {
      this.c.balances.remove(store, [address, coin.denom])
      this.c.denomAddress.remove(store, [coin.denom, address])
    } else {
      this.c.balances.set(store, [address, coin.denom], coin.amount)
      this.c.denomAddress.set(store, [coin.denom, address], EMPTY)
    }
  }

  setSupply(state: Writable, coin: Coin): void {
    const store = state.store(MODULE_NAME)
    if (coin.amount === 0n) this.c.supply.remove(store, coin.denom)
    else this.c.supply.set(store, coin.denom, coin.amount)
  }

  /** Removes coins from an account; fails with the upstream insufficient-funds message. */
  async subtractCoins(state: Writable, address: Bytes, coins: readonly Coin[]): Promise<void> {
    for (const coin of coins) {
      const have = await this.balance(state, address, coin.denom)
      if (have < coin.amount) {
        throw ErrInsufficientFunds.wrap(
          `spendable balance ${have}${coin.denom} is smaller than ${coin.amount}${coin.denom}`,
        )
      }
      this.setBalance(state, address, { denom: coin.denom, amount: have - coin.amount })
    }
  }

  async addCoins(state: Writable, address: Bytes, coins: readonly Coin[]): Promise<void> {
    for (const coin of coins) {
      const have = await this.balance(state, address, coin.denom)
      this.setBalance(state, address, { denom: coin.denom, amount: have + coin.amount })
    }
  }

  /** Moves coins between accounts (events are emitted by the caller's msg server). */
  async sendCoins(state: Writable, from: Bytes, to: Bytes, coins: readonly Coin[]): Promise<void> {
    await this.subtractCoins(state, from, coins)
    await this.addCoins(state, to, coins)
  }

  /**
   * Upstream SendCoins: moves `coins`, creates the recipient's account on its first receipt and
   * emits `coin_spent`, `coin_received`, `transfer` and `message{sender}`.
   */
  async send(
    ctx: { state: Writable; events: EventManager },
    from: Bytes,
    to: Bytes,
    coins: readonly Coin[],
  ): Promise<void> {
    if (!this.accounts) throw ErrLogic.wrap('bank keeper has no account keeper')
    const amount = coinsToString(coins)
    const sender = addressToBech32(from)
    const recipient = addressToBech32(to)
    await this.subtractCoins(ctx.state, from, coins)
    ctx.events.emit('coin_spent', { spender: sender, amount })
    await this.addCoins(ctx.state, to, coins)
    ctx.events.emit('coin_received', { receiver: recipient, amount })
    if (!(await this.accounts.hasAccount(ctx.state, to))) {
      await this.accounts.createAccount(ctx.state, to)
    }
    ctx.events.emit('transfer', { recipient, sender, amount })
    ctx.events.emit('message', { sender })
  }

  /**
   * Upstream InputOutputCoins: one input to many outputs; emits `coin_spent`, `message{sender}`,
   * then per output `coin_received` and `transfer{recipient, amount}`.
   */
  async multiSend(
    ctx: { state: Writable; events: EventManager },
    input: { address: Bytes; coins: readonly Coin[] },
    outputs: readonly { address: Bytes; coins: readonly Coin[] }[],
  ): Promise<void> {
    if (!this.accounts) throw ErrLogic.wrap('bank keeper has no account keeper')
    const sender = addressToBech32(input.address)
    await this.subtractCoins(ctx.state, input.address, input.coins)
    ctx.events.emit('coin_spent', { spender: sender, amount: coinsToString(input.coins) })
    ctx.events.emit('message', { sender })
    for (const out of outputs) {
      const recipient = addressToBech32(out.address)
      const amount = coinsToString(out.coins)
      await this.addCoins(ctx.state, out.address, out.coins)
      ctx.events.emit('coin_received', { receiver: recipient, amount })
      ctx.events.emit('transfer', { recipient, amount })
      if (!(await this.accounts.hasAccount(ctx.state, out.address))) {
        await this.accounts.createAccount(ctx.state, out.address)
      }
    }
  }

  /** Attributes of the upstream transfer events for a send. */
  transferEvents(
    from: Bytes,
    to: Bytes,
    coins: readonly Coin[],
  ): [string, Record<string, string>][] {
    const amount = coinsToString(coins)
    const sender = addressToBech32(from)
    const recipient = addressToBech32(to)
    return [
      ['coin_spent', { spender: sender, amount }],
      ['coin_received', { receiver: recipient, amount }],
      ['transfer', { recipient, sender, amount }],
    ]
  }
}
