import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { type Bytes, bytesToLatin1 } from '../../codec/bytes.js'
import { int64Of } from '../../codec/int64.js'
import type { AnyMessage, Proto, ProtoRegistry } from '../../codec/proto.js'
import type { VestingSchedule } from './vesting.js'
import { scheduleFromProto, scheduleToProto, VESTING_ACCOUNT_KINDS } from './vesting-codec.js'

/** Account type URLs, canonical (`registry.typeUrl` gives the brand's). */
export const BASE_ACCOUNT_URL = '/sdk.auth.v1beta1.BaseAccount'
export const MODULE_ACCOUNT_URL = '/sdk.auth.v1beta1.ModuleAccount'

/** An account as the keeper hands it out (a BaseAccount, plus name/permissions for module accounts). */
export interface Account {
  address: Bytes
  pubKey: AnyMessage | undefined
  accountNumber: bigint
  sequence: bigint
  module?: { name: string; permissions: string[] }
  /** The schedule of a vesting account (continuous or delayed); absent for other accounts. */
  vesting?: VestingSchedule
}

/** A uint64 for protobufjs: a number while exact (no decimal parsing), else its decimal text. */
function uint64Field(n: bigint): number | string {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString()
}

/**
 * Address and key arrays known to be of their own (made here, or copied here), not views: a
 * remembered account lives as long as its stored value, and a view (of a tx's bytes, of
 * protobufjs's share of Node's 8 KB buffer pool) would keep the larger buffer alive with it.
 */
const ownBytes = new WeakSet<Bytes>()

/** `bytes` where known to be of its own, else a copy (known from then on). */
function owned(bytes: Bytes): Bytes {
  if (ownBytes.has(bytes)) return bytes
  const copy = bytes.slice()
  ownBytes.add(copy)
  return copy
}

/** `pubKey` where its key bytes are known to be of their own, else one with a copy of them. */
function ownedKey(pubKey: AnyMessage | undefined): AnyMessage | undefined {
  if (pubKey === undefined || ownBytes.has(pubKey.value)) return pubKey
  return { type_url: pubKey.type_url, value: owned(pubKey.value) }
}

/** The fields of an account its BaseAccount holds (a module account may lack one: all unset). */
function baseAccountFields(base: Proto<'sdk.auth.v1beta1.BaseAccount'> | null): Account {
  const address = bech32ToAddress(base?.address ?? '')
  ownBytes.add(address)
  let pubKey: AnyMessage | undefined
  if (base?.pub_key) {
    pubKey = { type_url: base.pub_key.type_url, value: new Uint8Array(base.pub_key.value) }
    ownBytes.add(pubKey.value)
  }
  return {
    address,
    pubKey,
    accountNumber: int64Of(base?.account_number),
    sequence: int64Of(base?.sequence),
  }
}

/**
 * How x/auth stores an account (an Any of a BaseAccount, a ModuleAccount or a vesting account), with
 * what it remembers: a tx reads and writes its signer's account several times in CheckTx and again
 * in its block, and the same bytes always decode alike.
 */
export class AccountCodec {
  /** Decoded accounts by their stored bytes (immutable: the same bytes always mean the same). */
  private readonly decodedAccounts = new Map<string, Account>()
  /** The same, by the value object the store hands out (saves reading the bytes again). */
  private readonly accountsByValue = new WeakMap<Bytes, Account>()
  /** Stored bytes of base accounts by their fields. */
  private readonly encodedAccounts = new Map<string, Bytes>()

  constructor(private readonly registry: ProtoRegistry) {}

  /**
   * A stored account, decoded once: every tx reads its signer's account several times (the store
   * hands out the same value object until it changes; equal bytes decode alike). Not a copy.
   */
  decodeStored(raw: Bytes): Account {
    let account = this.accountsByValue.get(raw)
    if (!account) {
      const id = bytesToLatin1(raw)
      account = this.decodedAccounts.get(id)
      if (!account) {
        account = this.fromAny(this.registry.decode('google.protobuf.Any', raw))
        this.rememberDecoded(id, account)
      }
      this.accountsByValue.set(raw, account)
    }
    return account
  }

  private rememberDecoded(id: string, account: Account): void {
    if (this.decodedAccounts.size >= 10_000) this.decodedAccounts.clear()
    this.decodedAccounts.set(id, account)
  }

  /** Decodes a stored account (Any). */
  fromAny(any: AnyMessage): Account {
    // Unpacked by its type URL: an account is a BaseAccount or a ModuleAccount, told apart there.
    const { typeUrl, value } = this.registry.unpackAny(any)
    for (const [url, kind] of VESTING_ACCOUNT_KINDS) {
      if (typeUrl !== this.registry.typeUrl(url)) continue
      const { base, vesting } = scheduleFromProto(
        kind,
        value as Proto<'sdk.vesting.v1beta1.ContinuousVestingAccount'>,
      )
      return { ...baseAccountFields(base), vesting }
    }
    if (typeUrl !== this.registry.typeUrl(MODULE_ACCOUNT_URL))
      return baseAccountFields(value as Proto<'sdk.auth.v1beta1.BaseAccount'>)
    const m = value as Proto<'sdk.auth.v1beta1.ModuleAccount'>
    return {
      ...baseAccountFields(m.base_account),
      module: { name: m.name, permissions: [...m.permissions] },
    }
  }

  /** Encodes an account as the Any stored in state and returned by queries. */
  toAny(account: Account): AnyMessage {
    const base = {
      address: addressToBech32(account.address),
      ...(account.pubKey ? { pub_key: account.pubKey } : {}),
      account_number: uint64Field(account.accountNumber),
      sequence: uint64Field(account.sequence),
    }
    if (account.vesting) {
      const { url, value } = scheduleToProto(base, account.vesting)
      return this.registry.packAny(url, value)
    }
    return account.module
      ? this.registry.packAny(MODULE_ACCOUNT_URL, {
          base_account: base,
          name: account.module.name,
          permissions: account.module.permissions,
        })
      : this.registry.packAny(BASE_ACCOUNT_URL, base)
  }

  /** The stored bytes of an account. */
  storedValue(account: Account): Bytes {
    if (account.module || account.vesting) {
      // Only base accounts go through the cache below, which keys them by the base fields.
      return this.registry.encode('google.protobuf.Any', this.toAny(account))
    }
    // A tx's CheckTx and its block store the same account (same sequence): encode it once, and
    // remember what the bytes decode to, for the next read.
    // Joined, not concatenated: a concatenated key would keep each of its pieces too.
    const { address, accountNumber, sequence, pubKey } = account
    const id = (
      pubKey
        ? [
            bytesToLatin1(address),
            accountNumber,
            sequence,
            pubKey.type_url,
            bytesToLatin1(pubKey.value),
          ]
        : [bytesToLatin1(address), accountNumber, sequence, '']
    ).join('\n')
    let value = this.encodedAccounts.get(id)
    if (!value) {
      // Copied once out of protobufjs's writer, which hands out a view of Node's shared 8 KB
      // buffer pool: stored as it is (the keeper's `setShared`), a view would keep its whole
      // slab alive for as long as the account keeps this value.
      value = this.registry.encode('google.protobuf.Any', this.toAny(account)).slice()
      if (this.encodedAccounts.size >= 10_000) this.encodedAccounts.clear()
      this.encodedAccounts.set(id, value)
      // The account's address and key are shared, not copied, where known to be of their own:
      // accounts are never changed in place (a read hands out the very object it decoded), and a
      // tx's next sequence shares them with its last. Known by the bytes object itself: the keeper
      // stores it as it is, so the next read hands back this very array.
      this.accountsByValue.set(value, {
        address: owned(address),
        pubKey: ownedKey(pubKey),
        accountNumber,
        sequence,
      })
    }
    return value
  }
}
