import type protobuf from 'protobufjs'
import { type Bytes, concatBytes, fromUtf8, readUint64BE, uint64BE, utf8 } from '../codec/bytes.js'
import type { ProtoMessage } from '../codec/proto.js'
import { ErrLogic } from '../errors.js'
import { prefixEnd } from './keys.js'
import type { KVReader, KVStore } from './types.js'

/**
 * Typed collections over numbered store prefixes (upstream `collections`): keepers declare
 * `Item`s and `Map`s once in keys.ts and never build keys by hand.
 */

export interface KeyCodec<K> {
  encode(key: K): Bytes
  /** Decodes a key from the start of `bytes`; returns the key and the bytes consumed. */
  decode(bytes: Bytes): [K, number]
}

export interface ValueCodec<V> {
  encode(value: V): Bytes
  decode(bytes: Bytes): V
}

/** Raw bytes as the last key component. */
export const bytesKey: KeyCodec<Bytes> = {
  encode: (k) => k,
  decode: (b) => [b.slice(), b.length],
}

/** Length-prefixed bytes (addresses inside composite keys: one length byte, as upstream). */
export const lengthPrefixedBytesKey: KeyCodec<Bytes> = {
  encode: (k) => {
    if (k.length > 255) throw ErrLogic.wrap('key component longer than 255 bytes')
    return concatBytes(Uint8Array.of(k.length), k)
  },
  decode: (b) => {
    const n = b[0]!
    return [b.slice(1, 1 + n), 1 + n]
  },
}

/** UTF-8 string as the last key component. */
export const stringKey: KeyCodec<string> = {
  encode: (k) => utf8(k),
  decode: (b) => [fromUtf8(b), b.length],
}

/** Big-endian uint64 (sorts numerically). */
export const uint64Key: KeyCodec<bigint> = {
  encode: (k) => uint64BE(k),
  decode: (b) => [new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0), 8],
}

/** Two components; the first must be self-delimiting (fixed or length-prefixed). */
export function pairKey<A, B>(a: KeyCodec<A>, b: KeyCodec<B>): KeyCodec<[A, B]> {
  return {
    encode: ([x, y]) => concatBytes(a.encode(x), b.encode(y)),
    decode: (bytes) => {
      const [x, n] = a.decode(bytes)
      const [y, m] = b.decode(bytes.subarray(n))
      return [[x, y], n + m]
    },
  }
}

/** Protobuf message values. */
export function protoValue(type: protobuf.Type): ValueCodec<ProtoMessage> {
  return {
    encode: (v) => {
      const out = type.encode(type.fromObject(v)).finish()
      return new Uint8Array(out.buffer, out.byteOffset, out.length)
    },
    decode: (b) => type.decode(b) as ProtoMessage,
  }
}

/** Big-endian uint64 values. */
export const uint64Value: ValueCodec<bigint> = {
  encode: (v) => uint64BE(v),
  decode: (b) => BigInt(readUint64BE(b)),
}

/** Integers as decimal text (upstream math.Int values). */
export const intTextValue: ValueCodec<bigint> = {
  encode: (v) => utf8(v.toString()),
  decode: (b) => BigInt(fromUtf8(b)),
}

/** UTF-8 string values. */
export const stringValue: ValueCodec<string> = {
  encode: (v) => utf8(v),
  decode: (b) => fromUtf8(b),
}

/** Raw byte values. */
export const bytesValue: ValueCodec<Bytes> = {
  encode: (v) => v,
  decode: (b) => b.slice(),
}

/** One value under a fixed key. */
export class Item<V> {
  constructor(
    readonly prefix: Bytes,
    private readonly value: ValueCodec<V>,
  ) {}

  async get(store: KVReader): Promise<V | undefined> {
    const b = await store.get(this.prefix)
    return b === undefined ? undefined : this.value.decode(b)
  }

  set(store: KVStore, v: V): void {
    store.set(this.prefix, this.value.encode(v))
  }

  remove(store: KVStore): void {
    store.delete(this.prefix)
  }
}

/** A map under a prefix: key = prefix ‖ encoded key. */
export class KeyedMap<K, V> {
  constructor(
    readonly prefix: Bytes,
    private readonly key: KeyCodec<K>,
    private readonly value: ValueCodec<V>,
  ) {}

  /** Full store key of `k`. */
  storeKey(k: K): Bytes {
    return concatBytes(this.prefix, this.key.encode(k))
  }

  async get(store: KVReader, k: K): Promise<V | undefined> {
    const b = await store.get(this.storeKey(k))
    return b === undefined ? undefined : this.value.decode(b)
  }

  async has(store: KVReader, k: K): Promise<boolean> {
    return store.has(this.storeKey(k))
  }

  set(store: KVStore, k: K, v: V): void {
    store.set(this.storeKey(k), this.value.encode(v))
  }

  remove(store: KVStore, k: K): void {
    store.delete(this.storeKey(k))
  }

  /**
   * Entries in key order. `prefix` narrows to keys starting with those encoded bytes (e.g. the
   * first component of a pair); `start`/`end` bound by raw encoded keys.
   */
  async *iterate(
    store: KVReader,
    options: { prefix?: Bytes; reverse?: boolean; start?: Bytes; end?: Bytes } = {},
  ): AsyncIterable<[K, V, Bytes]> {
    const base = options.prefix ? concatBytes(this.prefix, options.prefix) : this.prefix
    const lt = prefixEnd(base)
    for await (const [k, v] of store.iterate({
      gte: options.start ? concatBytes(this.prefix, options.start) : base,
      ...(options.end ? { lt: concatBytes(this.prefix, options.end) } : lt ? { lt } : {}),
      reverse: options.reverse ?? false,
    })) {
      const raw = k.subarray(this.prefix.length)
      yield [this.key.decode(raw)[0], this.value.decode(v), raw]
    }
  }
}
