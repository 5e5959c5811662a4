import { moduleAddress } from '../../codec/address.js'
import { type Bytes, equalBytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { AnyMessage, Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { ErrConflict } from '../../errors.js'
import type { KVReader, KVStore } from '../../store/types.js'
import { readNow, setShared, thenNow } from '../../store/value-now.js'
import { type Account, AccountCodec } from './account-codec.js'
import { authCollections, MODULE_ACCOUNT_PERMISSIONS, MODULE_NAME } from './keys.js'
import { lockedCoins, trackDelegation, trackUndelegation, vestingCoins } from './vesting.js'
import { copySchedule } from './vesting-codec.js'

export { type Account, BASE_ACCOUNT_URL, MODULE_ACCOUNT_URL } from './account-codec.js'

/** Default auth params (upstream DefaultParams), as genesis JSON spells them (decimal texts). */
export function defaultAuthParams(): ProtoInit<'sdk.auth.v1beta1.Params'> {
  return {
    max_memo_characters: '256',
    tx_sig_limit: '7',
    tx_size_cost_per_byte: '10',
    sig_verify_cost_ed25519: '590',
    sig_verify_cost_secp256k1: '1000',
  }
}

export interface AuthKeeperOptions {
  registry: ProtoRegistry
}

/** x/auth keeper: accounts, account numbers, module accounts, params. */
export class AuthKeeper {
  readonly c: ReturnType<typeof authCollections>
  /** How accounts are stored, with the decodings and encodings it remembers. */
  private readonly codec: AccountCodec
  private readonly registry: ProtoRegistry

  constructor({ registry }: AuthKeeperOptions) {
    this.registry = registry
    this.c = authCollections(registry)
    this.codec = new AccountCodec(registry)
  }

  private store(state: { store(name: string): KVReader }): KVReader {
    return state.store(MODULE_NAME)
  }

  /** The params last decoded, with their stored bytes (every tx reads them, they rarely change). */
  private decodedParams: { raw: Bytes; params: Proto<'sdk.auth.v1beta1.Params'> } | undefined
  /** The default params encoded, for a store without params: decoded, they read as stored ones. */
  private defaultParamsBytes: Bytes | undefined

  params(state: { store(name: string): KVReader }): Promise<Proto<'sdk.auth.v1beta1.Params'>> {
    // On the read, not an async function (every tx reads the params several times).
    try {
      const params = this.paramsNow(state)
      return params instanceof Promise ? params : Promise.resolve(params)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `params` without a promise when memory has them; a failed read throws or rejects. */
  paramsNow(state: {
    store(name: string): KVReader
  }): Proto<'sdk.auth.v1beta1.Params'> | Promise<Proto<'sdk.auth.v1beta1.Params'>> {
    const raw = readNow(this.store(state), this.c.params.prefix)
    return raw instanceof Promise ? raw.then(this.paramsOfRaw) : this.paramsOf(raw)
  }

  private readonly paramsOfRaw = (raw: Bytes | undefined) => this.paramsOf(raw)
  private readonly storedAccount = (raw: Bytes | undefined) =>
    raw ? this.codec.decodeStored(raw) : undefined

  /** The params of their stored bytes (the defaults where none are stored), a copy each call. */
  private paramsOf(raw: Bytes | undefined): Proto<'sdk.auth.v1beta1.Params'> {
    if (!raw) {
      this.defaultParamsBytes ??= this.registry.encode(
        'sdk.auth.v1beta1.Params',
        defaultAuthParams(),
      )
      return this.registry.decode('sdk.auth.v1beta1.Params', this.defaultParamsBytes)
    }
    const last = this.decodedParams
    if (!last || !equalBytes(last.raw, raw)) {
      this.decodedParams = {
        raw: raw.slice(),
        params: this.registry.decode('sdk.auth.v1beta1.Params', raw),
      }
    }
    // Callers may change what they get: hand out a copy.
    return { ...this.decodedParams!.params }
  }

  async getAccount(
    state: { store(name: string): KVReader },
    address: Bytes,
  ): Promise<Account | undefined> {
    const peeked = this.peekAccountNow(state, address)
    const account = peeked instanceof Promise ? await peeked : peeked
    if (!account) return undefined
    // Callers change what they get (sequence, key): hand out copies.
    return {
      ...account,
      address: account.address.slice(),
      pubKey: account.pubKey && { ...account.pubKey },
      ...(account.module
        ? { module: { ...account.module, permissions: [...account.module.permissions] } }
        : {}),
      ...(account.vesting ? { vesting: copySchedule(account.vesting) } : {}),
    }
  }

  /**
   * The account at `address` as `getAccount` reads it (the same store access, charged alike), but
   * the decoded object shared by every reader of the same stored bytes: the caller must not change
   * it. For readers that only look (a signature check, a fee payer's existence, a vesting
   * schedule): an account is read several times by every tx.
   */
  peekAccount(
    state: { store(name: string): KVReader },
    address: Bytes,
  ): Promise<Readonly<Account> | undefined> {
    try {
      const account = this.peekAccountNow(state, address)
      return account instanceof Promise ? account : Promise.resolve(account)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /**
   * `peekAccount` without a promise when memory has the account (nearly always: a tx's signers were
   * read moments before), else the read's promise; a failed read throws or rejects. A tx peeks at
   * accounts about ten times in CheckTx and again in its block, and a promise and an await each
   * time were a tenth of what a tx allocates.
   */
  peekAccountNow(
    state: { store(name: string): KVReader },
    address: Bytes,
  ): Readonly<Account> | undefined | Promise<Readonly<Account> | undefined> {
    const raw = readNow(this.store(state), this.c.accounts.storeKey(address))
    return raw instanceof Promise ? raw.then(this.storedAccount) : this.storedAccount(raw)
  }

  /** Decodes a stored account (Any). */
  accountFromAny(any: AnyMessage): Account {
    return this.codec.fromAny(any)
  }

  /** Encodes an account as the Any stored in state and returned by queries. */
  accountToAny(account: Account): AnyMessage {
    return this.codec.toAny(account)
  }

  /**
   * Upstream SetAccount (collections.IndexedMap.Set with the Unique account-number index): reads the
   * stored account, removes its number's index entry, checks the new number is free, writes the
   * index entry, then the account — the accesses upstream's gas counts.
   */
  setAccount(state: { store(name: string): KVStore }, account: Account): void | Promise<void> {
    // At once when memory has what it reads: every tx stores its signers' accounts.
    const store = state.store(MODULE_NAME)
    const key = this.c.accounts.storeKey(account.address)
    return thenNow(readNow(store, key), (old) => {
      if (old)
        store.delete(this.c.accountNumbers.storeKey(this.codec.decodeStored(old).accountNumber))
      return thenNow(this.c.accountNumbers.hasNow(store, account.accountNumber), (taken) => {
        if (taken) {
          throw ErrConflict.wrap(
            `index uniqueness constrain violation: account number ${account.accountNumber}`,
          )
        }
        this.c.accountNumbers.set(store, account.accountNumber, account.address)
        // The codec's bytes are never changed: the store keeps them as they are, and a read hands
        // back the very array, which the codec knows without reading its bytes.
        setShared(store, key, this.codec.storedValue(account))
      })
    })
  }

  /** Allocates the next account number. */
  async nextAccountNumber(state: { store(name: string): KVStore }): Promise<bigint> {
    const store = state.store(MODULE_NAME)
    const n = (await this.c.globalAccountNumber.get(store)) ?? 0n
    this.c.globalAccountNumber.set(store, n + 1n)
    return n
  }

  /** Creates a new base account for `address` (not yet stored). */
  async newAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<Account> {
    return {
      address,
      pubKey: undefined,
      accountNumber: await this.nextAccountNumber(state),
      sequence: 0n,
    }
  }

  /** Whether an account exists at `address`: at once when memory can tell, else a promise. */
  hasAccount(state: { store(name: string): KVReader }, address: Bytes): boolean | Promise<boolean> {
    return this.c.accounts.hasNow(this.store(state), address)
  }

  /** Creates and stores a new base account (upstream NewAccountWithAddress + SetAccount). */
  async createAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<Account> {
    const account = await this.newAccount(state, address)
    await this.setAccount(state, account)
    return account
  }

  /** Upstream GetModuleAddress: the address of a module account the app declares, else undefined. */
  moduleAddress(name: string): Bytes | undefined {
    return Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, name) ? moduleAddress(name) : undefined
  }

  /**
   * Upstream GetModuleAccount: a module account the app declares, created on first use. Not to be
   * changed (`peekAccount`): every fee goes to one.
   */
  getModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): Readonly<Account> | undefined | Promise<Readonly<Account> | undefined> {
    if (!Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, name)) return undefined
    return this.getOrCreateModuleAccount(state, name)
  }

  /**
   * The module account of `name`, created on first use; not to be changed (`peekAccount`). At once
   * when memory has it (every fee reads it); a failed read throws or rejects.
   */
  getOrCreateModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): Readonly<Account> | Promise<Readonly<Account>> {
    const address = moduleAddress(name)
    return thenNow(
      this.peekAccountNow(state, address),
      (existing) => existing ?? this.createModuleAccount(state, name, address),
    )
  }

  /** Stores a new module account for `name` at `address`. */
  private async createModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
    address: Bytes,
  ): Promise<Readonly<Account>> {
    const account: Account = {
      address,
      pubKey: undefined,
      accountNumber: await this.nextAccountNumber(state),
      sequence: 0n,
      module: { name, permissions: MODULE_ACCOUNT_PERMISSIONS[name] ?? [] },
    }
    await this.setAccount(state, account)
    return account
  }

  /**
   * Upstream LockedCoins, as bank's `lockedCoins` source: what the account's vesting schedule locks
   * at the block time (compared at whole seconds); nothing for an account that does not vest.
   */
  readonly lockedCoins = (
    state: { store(name: string): KVReader },
    address: Bytes,
    blockTime: () => Promise<TimeNs>,
  ): Coin[] | Promise<Coin[]> => {
    // At once when memory has the account (every send asks, and almost no account vests); a
    // failed read throws or rejects.
    const peeked = this.peekAccountNow(state, address)
    return peeked instanceof Promise
      ? peeked.then((account) => this.lockedOf(account, blockTime))
      : this.lockedOf(peeked, blockTime)
  }

  private lockedOf(
    account: Readonly<Account> | undefined,
    blockTime: () => Promise<TimeNs>,
  ): Coin[] | Promise<Coin[]> {
    const schedule = account?.vesting
    if (!schedule) return []
    return blockTime().then((t) => lockedCoins(schedule, t / 1_000_000_000n))
  }

  /**
   * Upstream DelegateCoins' trackDelegation: a vesting account records the delegated coins as
   * still vesting or free, by its vesting coins at the block time. Like upstream, it reads the
   * account (charged) for every delegator.
   */
  async trackDelegation(
    state: { store(name: string): KVStore },
    address: Bytes,
    balance: readonly Coin[],
    amount: readonly Coin[],
    time: TimeNs,
  ): Promise<void> {
    const account = await this.getAccount(state, address)
    if (!account?.vesting) return
    const vesting = vestingCoins(account.vesting, time / 1_000_000_000n)
    await this.setAccount(state, {
      ...account,
      vesting: trackDelegation(account.vesting, balance, vesting, amount),
    })
  }

  /** Upstream UndelegateCoins' trackUndelegation: the returned coins leave the delegated ones. */
  async trackUndelegation(
    state: { store(name: string): KVStore },
    address: Bytes,
    amount: readonly Coin[],
  ): Promise<void> {
    const account = await this.getAccount(state, address)
    if (!account?.vesting) return
    await this.setAccount(state, {
      ...account,
      vesting: trackUndelegation(account.vesting, amount),
    })
  }

  /** Every account in address order. */
  async *accounts(state: { store(name: string): KVReader }): AsyncIterable<Account> {
    for await (const [, any] of this.c.accounts.iterate(this.store(state)))
      yield this.accountFromAny(any)
  }
}
