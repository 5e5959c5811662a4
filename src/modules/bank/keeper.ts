import type { EventManager } from '../../block/events.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { type Bytes, bytesToLatin1 } from '../../codec/bytes.js'
import { type Coin, coinsToString } from '../../codec/coins.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { ErrInsufficientFunds, ErrLogic, ErrUnauthorized, ErrUnknownAddress } from '../../errors.js'
import type { Writable } from '../../store/types.js'
import { eachNow, thenNow } from '../../store/value-now.js'
import type {
  BankAccountKeeper,
  BankModuleAccount,
  DelegationTracker,
  LockedCoinsSource,
} from './expected-keepers.js'
import { MODULE_NAME } from './keys.js'
import { blockedRecipientError, checkSpend, moduleSendCheck } from './spend-check.js'
import { BankViewKeeper } from './view-keeper.js'

export { defaultBankParams, spendableAmount } from './view-keeper.js'

const EMPTY = new Uint8Array(0)
const NONE: readonly Coin[] = []

/** The texts of a send's events (empty where its events are not kept). */
interface SendTexts {
  readonly amount: string
  readonly sender: string
  readonly recipient: string
}
const NO_TEXTS: SendTexts = { amount: '', sender: '', recipient: '' }

/** `send` once the coins moved: the recipient's account, created on its first receipt. */
function received(
  ctx: BankContext,
  accounts: BankAccountKeeper,
  to: Bytes,
  texts: SendTexts,
): void | Promise<void> {
  ctx.events.emit('coin_received', { receiver: texts.recipient, amount: texts.amount })
  return thenNow(accounts.hasAccount(ctx.state, to), (has) =>
    has
      ? transferred(ctx, texts)
      : accounts.createAccount(ctx.state, to).then(() => transferred(ctx, texts)),
  )
}

/** The last events of a send: `transfer` and `message{sender}`. */
function transferred(ctx: BankContext, texts: SendTexts): void {
  ctx.events.emit('transfer', {
    recipient: texts.recipient,
    sender: texts.sender,
    amount: texts.amount,
  })
  ctx.events.emit('message', { sender: texts.sender })
}

/** What a coin movement that emits events needs of a block context. */
export interface BankContext {
  state: Writable
  events: EventManager
  /**
   * The block time: with it, a send may spend only what a vesting schedule does not lock
   * (upstream subUnlockedCoins); without it (no block) the whole balance counts.
   */
  time?: TimeNs
}

export interface BankKeeperOptions {
  registry: ProtoRegistry
  /** Creates recipients' accounts; required by `send` (balances alone work without it). */
  accounts?: BankAccountKeeper
  /**
   * Addresses that may not receive funds through bank messages (upstream BlockedAddrs). Default:
   * the fee collector, as simapp blocks every module account but gov's.
   */
  blocked?: readonly Bytes[]
  /**
   * Where locked (still vesting) coins come from; without it nothing is locked and every balance
   * is spendable.
   */
  lockedCoins?: LockedCoinsSource
  /** Records vesting accounts' delegations; without it nothing is recorded. */
  delegations?: DelegationTracker
}

/** x/bank keeper: balances, supply, transfers (the reads are BankViewKeeper's). */
export class BankKeeper extends BankViewKeeper {
  private readonly blocked: Set<string>
  private readonly accounts: BankAccountKeeper | undefined
  private readonly delegations: DelegationTracker | undefined

  constructor(options: BankKeeperOptions) {
    super(options.registry, options.lockedCoins)
    this.accounts = options.accounts
    this.delegations = options.delegations
    const blocked = options.blocked ?? [moduleAddress('fee_collector')]
    this.blocked = new Set(blocked.map(bytesToLatin1))
  }

  /** Whether `address` may not receive funds through bank messages. */
  isBlocked(address: Bytes): boolean {
    // Latin1 text: one string, without a Buffer copy (every MsgSend asks).
    return this.blocked.has(bytesToLatin1(address))
  }

  setBalance(state: Writable, address: Bytes, coin: Coin): void {
    const store = state.store(MODULE_NAME)
    // Upstream's Balances IndexedMap: the denom index entry first, then the balance.
    if (coin.amount === 0n) {
      this.c.denomAddress.remove(store, [coin.denom, address])
      this.c.balances.remove(store, [address, coin.denom])
    } else {
      this.c.denomAddress.set(store, [coin.denom, address], EMPTY)
      this.c.balances.set(store, [address, coin.denom], coin.amount)
    }
  }

  setSupply(state: Writable, coin: Coin): void {
    const store = state.store(MODULE_NAME)
    if (coin.amount === 0n) this.c.supply.remove(store, coin.denom)
    else this.c.supply.set(store, coin.denom, coin.amount)
  }

  // `subtractCoins`, `addCoins`, `send` and the fee's `sendCoinsFromAccountToModule` return a
  // promise only when a read does: memory answers every read of a bank send or a fee (the sender's
  // account and balances were read moments before), and each tx makes two sends in CheckTx and
  // again in its block.
  /**
   * Removes coins from an account; fails with the upstream insufficient-funds message. Given the
   * block time, only unlocked coins may go (upstream subUnlockedCoins); without it, as upstream's
   * DelegateCoins, the whole balance counts.
   */
  subtractCoins(
    state: Writable,
    address: Bytes,
    coins: readonly Coin[],
    time?: TimeNs,
  ): void | Promise<void> {
    // Upstream LockedCoins reads the account (charged) before any balance.
    const locked =
      time === undefined ? NONE : this.lockedCoins(state, address, () => Promise.resolve(time))
    return thenNow(locked, (lockedCoins) =>
      eachNow(coins, (coin) =>
        thenNow(this.balanceNow(state, address, coin.denom), (have) => {
          checkSpend(have, lockedCoins, coin)
          this.setBalance(state, address, { denom: coin.denom, amount: have - coin.amount })
        }),
      ),
    )
  }

  addCoins(state: Writable, address: Bytes, coins: readonly Coin[]): void | Promise<void> {
    return eachNow(coins, (coin) =>
      thenNow(this.balanceNow(state, address, coin.denom), (have) => {
        this.setBalance(state, address, { denom: coin.denom, amount: have + coin.amount })
      }),
    )
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
  send(ctx: BankContext, from: Bytes, to: Bytes, coins: readonly Coin[]): void | Promise<void> {
    const accounts = this.accountKeeper()
    // CheckTx's fee payment keeps no events: their texts are not made.
    const keeps = ctx.events.keeps
    const texts: SendTexts = keeps
      ? {
          amount: coinsToString(coins),
          sender: addressToBech32(from),
          recipient: addressToBech32(to),
        }
      : NO_TEXTS
    return thenNow(this.subtractCoins(ctx.state, from, coins, ctx.time), () => {
      ctx.events.emit('coin_spent', { spender: texts.sender, amount: texts.amount })
      return thenNow(this.addCoins(ctx.state, to, coins), () => received(ctx, accounts, to, texts))
    })
  }

  /**
   * Upstream SendCoinsFromModuleToAccount: `send` from a module account the app declares; a blocked
   * recipient is refused.
   */
  async sendCoinsFromModuleToAccount(
    ctx: BankContext,
    senderModule: string,
    recipient: Bytes,
    coins: readonly Coin[],
  ): Promise<void> {
    const sender = this.declaredModuleAddress(senderModule)
    if (this.isBlocked(recipient)) throw blockedRecipientError(recipient)
    await this.send(ctx, sender, recipient, coins)
  }

  /**
   * A module's sends to accounts checked, not made (spend-check.ts): refused as
   * `sendCoinsFromModuleToAccount` refuses them; nothing is written.
   */
  moduleSendCheck(
    ctx: BankContext,
    senderModule: string,
  ): (to: Bytes, coins: readonly Coin[]) => Promise<void> {
    const sender = this.declaredModuleAddress(senderModule)
    return moduleSendCheck(this, ctx.state, sender, ctx.time)
  }

  /** Upstream SendCoinsFromAccountToModule: `send` into a module account (created on first use). */
  sendCoinsFromAccountToModule(
    ctx: BankContext,
    sender: Bytes,
    recipientModule: string,
    coins: readonly Coin[],
  ): void | Promise<void> {
    return thenNow(this.moduleAccount(ctx, recipientModule), (recipient) =>
      this.send(ctx, sender, recipient.address, coins),
    )
  }

  /**
   * Upstream BurnCoins: takes `coins` from a module account with the `burner` permission and out of
   * the supply; emits `coin_spent` and `burn`.
   */
  async burnCoins(ctx: BankContext, moduleName: string, coins: readonly Coin[]): Promise<void> {
    const account = await this.moduleAccount(ctx, moduleName)
    if (!account.module?.permissions.includes('burner')) {
      throw ErrUnauthorized.wrap(
        `module account ${moduleName} does not have permissions to burn tokens`,
      )
    }
    await this.subtractCoins(ctx.state, account.address, coins, ctx.time)
    for (const coin of coins) {
      const supply = await this.supplyOf(ctx.state, coin.denom)
      this.setSupply(ctx.state, { denom: coin.denom, amount: supply - coin.amount })
    }
    const burner = addressToBech32(account.address)
    const amount = coinsToString(coins)
    ctx.events.emit('coin_spent', { spender: burner, amount })
    ctx.events.emit('burn', { burner, amount })
  }

  /**
   * Upstream SendCoinsFromModuleToModule: `send` between module accounts the app declares; at once
   * when memory answers its reads (x/distribution's BeginBlocker sends every block).
   */
  sendCoinsFromModuleToModule(
    ctx: BankContext,
    senderModule: string,
    recipientModule: string,
    coins: readonly Coin[],
  ): void | Promise<void> {
    const sender = this.declaredModuleAddress(senderModule)
    return thenNow(this.moduleAccount(ctx, recipientModule), (recipient) =>
      this.send(ctx, sender, recipient.address, coins),
    )
  }

  /**
   * Upstream DelegateCoinsFromAccountToModule (DelegateCoins): the whole balance counts, not only
   * the spendable part; emits `coin_spent` and `coin_received`, no `transfer`.
   */
  async delegateCoinsFromAccountToModule(
    ctx: BankContext,
    delegator: Bytes,
    recipientModule: string,
    coins: readonly Coin[],
  ): Promise<void> {
    const recipient = await this.moduleAccount(ctx, recipientModule)
    if (!recipient.module?.permissions.includes('staking')) {
      throw ErrUnauthorized.wrap(
        `module account ${recipientModule} does not have permissions to receive delegated coins`,
      )
    }
    // Upstream DelegateCoins reads the module account again, then each balance once.
    await this.accountKeeper().getAccount(ctx.state, recipient.address)
    const before: Coin[] = []
    for (const coin of coins) {
      const have = await this.balance(ctx.state, delegator, coin.denom)
      if (have < coin.amount) {
        throw ErrInsufficientFunds.wrap(
          `failed to delegate; ${have}${coin.denom} is smaller than ${coinsToString(coins)}`,
        )
      }
      before.push({ denom: coin.denom, amount: have })
      this.setBalance(ctx.state, delegator, { denom: coin.denom, amount: have - coin.amount })
    }
    if (this.delegations && ctx.time !== undefined)
      await this.delegations.trackDelegation(ctx.state, delegator, before, coins, ctx.time)
    const amount = coinsToString(coins)
    ctx.events.emit('coin_spent', { spender: addressToBech32(delegator), amount })
    await this.addCoins(ctx.state, recipient.address, coins)
    ctx.events.emit('coin_received', { receiver: addressToBech32(recipient.address), amount })
  }

  /**
   * Upstream UndelegateCoinsFromModuleToAccount (UndelegateCoins): emits `coin_spent` and
   * `coin_received`; the delegator's account is created if it is gone.
   */
  async undelegateCoinsFromModuleToAccount(
    ctx: BankContext,
    senderModule: string,
    delegator: Bytes,
    coins: readonly Coin[],
  ): Promise<void> {
    const sender = await this.moduleAccount(ctx, senderModule)
    if (!sender.module?.permissions.includes('staking')) {
      throw ErrUnauthorized.wrap(
        `module account ${senderModule} does not have permissions to undelegate coins`,
      )
    }
    const amount = coinsToString(coins)
    // Upstream UndelegateCoins reads the module account again, then subUnlockedCoins.
    await this.accountKeeper().getAccount(ctx.state, sender.address)
    await this.subtractCoins(ctx.state, sender.address, coins, ctx.time)
    ctx.events.emit('coin_spent', { spender: addressToBech32(sender.address), amount })
    await this.delegations?.trackUndelegation(ctx.state, delegator, coins)
    await this.addCoins(ctx.state, delegator, coins)
    ctx.events.emit('coin_received', { receiver: addressToBech32(delegator), amount })
    const accounts = this.accountKeeper()
    if (!(await accounts.hasAccount(ctx.state, delegator))) {
      await accounts.createAccount(ctx.state, delegator)
    }
  }

  /** The address of a module account the app declares (upstream panics on any other name). */
  private declaredModuleAddress(name: string): Bytes {
    const address = this.accountKeeper().moduleAddress(name)
    if (!address) throw ErrUnknownAddress.wrap(`module account ${name} does not exist`)
    return address
  }

  /** The account keeper the event-emitting movements need (`sendCoins` works without it). */
  private accountKeeper(): BankAccountKeeper {
    if (!this.accounts) throw ErrLogic.wrap('bank keeper has no account keeper')
    return this.accounts
  }

  /** Upstream GetModuleAccount, which panics for a module the app does not declare. */
  private moduleAccount(
    ctx: BankContext,
    name: string,
  ): BankModuleAccount | Promise<BankModuleAccount> {
    // At once when memory has the account: every fee goes to a module account.
    return thenNow(this.accountKeeper().getModuleAccount(ctx.state, name), (account) => {
      if (!account) throw ErrUnknownAddress.wrap(`module account ${name} does not exist`)
      return account
    })
  }

  /**
   * Upstream InputOutputCoins: one input to many outputs; emits `coin_spent`, `message{sender}`,
   * then per output `coin_received` and `transfer{recipient, amount}`.
   */
  async multiSend(
    ctx: BankContext,
    input: { address: Bytes; coins: readonly Coin[] },
    outputs: readonly { address: Bytes; coins: readonly Coin[] }[],
  ): Promise<void> {
    const accounts = this.accountKeeper()
    const sender = addressToBech32(input.address)
    await this.subtractCoins(ctx.state, input.address, input.coins, ctx.time)
    ctx.events.emit('coin_spent', { spender: sender, amount: coinsToString(input.coins) })
    ctx.events.emit('message', { sender })
    for (const out of outputs) {
      const recipient = addressToBech32(out.address)
      const amount = coinsToString(out.coins)
      await this.addCoins(ctx.state, out.address, out.coins)
      ctx.events.emit('coin_received', { receiver: recipient, amount })
      // Upstream v0.50.10 and later name the sender in each output's transfer too.
      ctx.events.emit('transfer', { recipient, sender, amount })
      if (!(await accounts.hasAccount(ctx.state, out.address))) {
        await accounts.createAccount(ctx.state, out.address)
      }
    }
  }
}
