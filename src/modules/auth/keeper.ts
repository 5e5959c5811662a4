import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import type { KVReader, KVStore } from '../../store/types.js'
import { authCollections, MODULE_ACCOUNT_PERMISSIONS, MODULE_NAME } from './keys.js'

/** Account type URLs, canonical (`registry.typeUrl` gives the brand's). */
export const BASE_ACCOUNT_URL = '/sdk.auth.v1beta1.BaseAccount'
export const MODULE_ACCOUNT_URL = '/sdk.auth.v1beta1.ModuleAccount'

/** An account as the keeper hands it out (a BaseAccount, plus name/permissions for module accounts). */
export interface Account {
  address: Bytes
  pubKey: { type_url: string; value: Bytes } | undefined
  accountNumber: bigint
  sequence: bigint
  module?: { name: string; permissions: string[] }
}

/** Default auth params (upstream DefaultParams). */
export function defaultAuthParams(): ProtoMessage {
  return {
    max_memo_characters: '256',
    tx_sig_limit: '7',
    tx_size_cost_per_byte: '10',
    sig_verify_cost_ed25519: '590',
    sig_verify_cost_secp256k1: '1000',
  }
}

/** x/auth keeper: accounts, account numbers, module accounts, params. */
export class AuthKeeper {
  readonly c: ReturnType<typeof authCollections>
  /** Decoded accounts by their stored bytes (immutable: the same bytes always mean the same). */
  private readonly decodedAccounts = new Map<string, Account>()

  constructor(private readonly registry: ProtoRegistry) {
    this.c = authCollections(registry)
  }

  private store(state: { store(name: string): KVReader }): KVReader {
    return state.store(MODULE_NAME)
  }

  async params(state: { store(name: string): KVReader }): Promise<ProtoMessage> {
    return (await this.c.params.get(this.store(state))) ?? defaultAuthParams()
  }

  async getAccount(
    state: { store(name: string): KVReader },
    address: Bytes,
  ): Promise<Account | undefined> {
    const raw = await this.store(state).get(this.c.accounts.storeKey(address))
    if (!raw) return undefined
    // Every tx reads its signer's account several times: decode each stored value once.
    const id = Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString('latin1')
    let account = this.decodedAccounts.get(id)
    if (!account) {
      account = this.accountFromAny(this.registry.decode('google.protobuf.Any', raw))
      if (this.decodedAccounts.size >= 10_000) this.decodedAccounts.clear()
      this.decodedAccounts.set(id, account)
    }
    // Callers change what they get (sequence, key): hand out copies.
    return {
      ...account,
      address: account.address.slice(),
      pubKey: account.pubKey && { ...account.pubKey },
      ...(account.module
        ? { module: { ...account.module, permissions: [...account.module.permissions] } }
        : {}),
    }
  }

  /** Decodes a stored account (Any). */
  accountFromAny(any: ProtoMessage): Account {
    const { typeUrl, value } = this.registry.unpackAny(any as { type_url: string; value: Bytes })
    const isModule = typeUrl === this.registry.typeUrl(MODULE_ACCOUNT_URL)
    const base = isModule ? (value.base_account ?? {}) : value
    const account: Account = {
      address: bech32ToAddress(String(base.address)),
      pubKey: base.pub_key
        ? { type_url: String(base.pub_key.type_url), value: new Uint8Array(base.pub_key.value) }
        : undefined,
      accountNumber: BigInt(String(base.account_number ?? 0)),
      sequence: BigInt(String(base.sequence ?? 0)),
    }
    if (isModule) {
      account.module = {
        name: String(value.name ?? ''),
        permissions: [...((value.permissions ?? []) as string[])],
      }
    }
    return account
  }

  /** Encodes an account as the Any stored in state and returned by queries. */
  accountToAny(account: Account): ProtoMessage {
    const base = {
      address: addressToBech32(account.address),
      ...(account.pubKey ? { pub_key: account.pubKey } : {}),
      account_number: account.accountNumber.toString(),
      sequence: account.sequence.toString(),
    }
    return account.module
      ? this.registry.packAny(MODULE_ACCOUNT_URL, {
          base_account: base,
          name: account.module.name,
          permissions: account.module.permissions,
        })
      : this.registry.packAny(BASE_ACCOUNT_URL, base)
  }

  setAccount(state: { store(name: string): KVStore }, account: Account): void {
    const store = state.store(MODULE_NAME)
    this.c.accounts.set(store, account.address, this.accountToAny(account))
    this.c.accountNumbers.set(store, account.accountNumber, account.address)
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

  /** Whether an account exists at `address`. */
  hasAccount(state: { store(name: string): KVReader }, address: Bytes): Promise<boolean> {
    return this.c.accounts.has(this.store(state), address)
  }

  /** Creates and stores a new base account (upstream NewAccountWithAddress + SetAccount). */
  async createAccount(state: { store(name: string): KVStore }, address: Bytes): Promise<Account> {
    const account = await this.newAccount(state, address)
    this.setAccount(state, account)
    return account
  }

  /** Upstream GetModuleAddress: the address of a module account the app declares, else undefined. */
  moduleAddress(name: string): Bytes | undefined {
    return Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, name) ? moduleAddress(name) : undefined
  }

  /** Upstream GetModuleAccount: a module account the app declares, created on first use. */
  async getModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): Promise<Account | undefined> {
    if (!Object.hasOwn(MODULE_ACCOUNT_PERMISSIONS, name)) return undefined
    return this.getOrCreateModuleAccount(state, name)
  }

  /** The module account of `name`, created on first use. */
  async getOrCreateModuleAccount(
    state: { store(name: string): KVStore },
    name: string,
  ): Promise<Account> {
    const address = moduleAddress(name)
    const existing = await this.getAccount(state, address)
    if (existing) return existing
    const account: Account = {
      address,
      pubKey: undefined,
      accountNumber: await this.nextAccountNumber(state),
      sequence: 0n,
      module: { name, permissions: MODULE_ACCOUNT_PERMISSIONS[name] ?? [] },
    }
    this.setAccount(state, account)
    return account
  }

  /** Every account in address order. */
  async *accounts(state: { store(name: string): KVReader }): AsyncIterable<Account> {
    for await (const [, any] of this.c.accounts.iterate(this.store(state)))
      yield this.accountFromAny(any)
  }
}
