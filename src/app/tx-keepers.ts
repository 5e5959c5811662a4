import type { EventManager } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { Coin } from '../codec/coins.js'
import type { ProtoInit } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import type { Readable, Writable } from '../store/types.js'

/** An account as the ante handler reads and updates it. */
export interface AnteAccount {
  address: Bytes
  /**
   * The account's public key as stored (Any of `/sdk.crypto.secp256k1.PubKey` or
   * `/sdk.crypto.multisig.LegacyAminoPubKey`).
   */
  pubKey: { type_url: string; value: Bytes } | undefined
  accountNumber: bigint
  sequence: bigint
}

/** What the ante handler needs of x/auth (upstream ante.AccountKeeper). */
export interface AnteAccountKeeper {
  /**
   * x/auth params: max_memo_characters, tx_sig_limit, tx_size_cost_per_byte,
   * sig_verify_cost_secp256k1. In the shape `fromObject` takes, not decoded: the defaults are plain
   * decimal strings and a stored value's copy may lack a field left at zero, so read each with
   * `int64Of`.
   */
  params(state: Readable): Promise<ProtoInit<'sdk.auth.v1beta1.Params'>>
  /** `params`, without a promise when memory has them. */
  paramsNow(
    state: Readable,
  ): ProtoInit<'sdk.auth.v1beta1.Params'> | Promise<ProtoInit<'sdk.auth.v1beta1.Params'>>
  /** A copy the caller may change. */
  getAccount(state: Readable, address: Bytes): Promise<AnteAccount | undefined>
  /** The same read, without a copy: the caller must not change what it gets. */
  peekAccount(state: Readable, address: Bytes): Promise<Readonly<AnteAccount> | undefined>
  /** `peekAccount`, without a promise when memory has the account. */
  peekAccountNow(
    state: Readable,
    address: Bytes,
  ): Readonly<AnteAccount> | undefined | Promise<Readonly<AnteAccount> | undefined>
  setAccount(state: Writable, account: AnteAccount): void | Promise<void>
}

/** What the ante handler needs of x/bank (upstream ante.BankKeeper). */
export interface AnteBankKeeper {
  /** Upstream SendCoins with its events (the dev API's faucet transfers). */
  send(
    ctx: { state: Writable; events: EventManager; time?: TimeNs },
    from: Bytes,
    to: Bytes,
    coins: readonly Coin[],
  ): void | Promise<void>
  /**
   * Upstream SendCoinsFromAccountToModule with its events (fee deduction into the fee collector):
   * reads the module account, then SendCoins, which spends only coins no vesting schedule locks at
   * `time`.
   */
  sendCoinsFromAccountToModule(
    ctx: { state: Writable; events: EventManager; time?: TimeNs },
    from: Bytes,
    module: string,
    coins: readonly Coin[],
  ): void | Promise<void>
}

/** The keepers of an app version that transactions are checked and charged with. */
export interface TxKeepers {
  accounts: AnteAccountKeeper
  bank: AnteBankKeeper
}
