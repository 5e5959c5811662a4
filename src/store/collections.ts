import {
  type Bytes,
  concatBytes,
  fromUtf8,
  readBigUint64BE,
  readUint64BE,
  restOf,
  uint64BE,
  utf8,
  writeUint64BE,
} from '../codec/bytes.js'
import type { Proto, ProtoInit, ProtoName, ProtoType } from '../codec/proto.js'
import { ErrLogic } from '../errors.js'
import { prefixEnd } from './keys.js'
import { mapAsync } from './map-async.js'
import type { KVReader, KVStore } from './types.js'
import { hasNow, readNow, setShared } from './value-now.js'

/**
 * Typed collections over numbered store prefixes (upstream `collections`): keepers declare
 * `Item`s and `Map`s once in keys.ts and never build keys by hand.
 */

export interface KeyCodec<K> {
  encode(key: K): Bytes
  /**
   * Optional, with `write`: the encoded length of a key, so a store key (prefix ‖ key) is built in
   * one allocation. `write` puts exactly `encode(key)` at `out[at…]` and returns its length.
   */
  size?(key: K): number
  write?(key: K, out: Bytes, at: number): number
  /** Decodes a key from the start of `bytes`; returns the key and the bytes consumed. */
  decode(bytes: Bytes): [K, number]
}

/** A value's bytes: it decodes to `V` and encodes from `In` (a protobuf message's plain form). */
export interface ValueCodec<V, In = V> {
  encode(value: In): Bytes
  decode(bytes: Bytes): V
  /**
   * Whether `encode` always hands back a new array of its own (not the caller's, not a view of a
   * shared buffer): the store then keeps it as it is instead of a copy (`setShared`).
   */
  readonly fresh?: boolean
}

/** Raw bytes as the last key component. */
export const bytesKey: KeyCodec<Bytes> = {
  encode: (k) => k,
  decode: (b) => [b.slice(), b.length],
  size: (k) => k.length,
  write: (k, out, at) => {
    out.set(k, at)
    return k.length
  },
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
  size: (k) => {
    if (k.length > 255) throw ErrLogic.wrap('key component longer than 255 bytes')
    return 1 + k.length
  },
  write: (k, out, at) => {
    out[at] = k.length
    out.set(k, at + 1)
    return 1 + k.length
  },
}

/** UTF-8 length of a string (its length when it is ASCII, the common case of denoms and names). */
function utf8Length(s: string): number {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0x7f) return Buffer.byteLength(s, 'utf8')
  }
  return s.length
}

const UTF8 = new TextEncoder()

/** UTF-8 string as the last key component. */
export const stringKey: KeyCodec<string> = {
  encode: (k) => utf8(k),
  decode: (b) => [fromUtf8(b), b.length],
  size: utf8Length,
  write: (k, out, at) => {
    // ASCII byte by byte; from the first other character, the encoder (out is sized by `size`).
    for (let i = 0; i < k.length; i++) {
      const c = k.charCodeAt(i)
      if (c > 0x7f) return i + UTF8.encodeInto(k.slice(i), out.subarray(at + i)).written
      out[at + i] = c
    }
    return k.length
  },
}

/** Big-endian uint64 (sorts numerically). */
export const uint64Key: KeyCodec<bigint> = {
  encode: (k) => uint64BE(k),
  decode: (b) => [readBigUint64BE(b), 8],
  size: () => 8,
  write: (k, out, at) => {
    writeUint64BE(k, out, at)
    return 8
  },
}

/** Writes `k` (below 2^64) as 8 little-endian bytes at `out[at…]`, without the array's buffer. */
function writeUint64LE(k: bigint, out: Bytes, at: number): void {
  let lo = Number(k & 0xffffffffn)
  let hi = Number((k >> 32n) & 0xffffffffn)
  for (let i = 0; i < 4; i++, lo >>>= 8) out[at + i] = lo & 0xff
  for (let i = 4; i < 8; i++, hi >>>= 8) out[at + i] = hi & 0xff
}

/**
 * Little-endian uint64 (upstream's keys of a period or a bitmap chunk's index: key order is not
 * numeric order). Written byte by byte: a DataView would need a small array's `.buffer`, which
 * moves it off V8's heap.
 */
export const uint64LEKey: KeyCodec<bigint> = {
  encode: (k) => {
    const out = new Uint8Array(8)
    writeUint64LE(k, out, 0)
    return out
  },
  decode: (b) => {
    const lo = (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0
    const hi = (b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)) >>> 0
    return [(BigInt(hi) << 32n) | BigInt(lo), 8]
  },
  size: () => 8,
  write: (k, out, at) => {
    writeUint64LE(k, out, at)
    return 8
  },
}

/** Two components; the first must be self-delimiting (fixed or length-prefixed). */
export function pairKey<A, B>(a: KeyCodec<A>, b: KeyCodec<B>): KeyCodec<[A, B]> {
  const pair: KeyCodec<[A, B]> = {
    encode: ([x, y]) => concatBytes(a.encode(x), b.encode(y)),
    decode: (bytes) => {
      const [x, n] = a.decode(bytes)
      // The rest as its own small array: a view of a small key would move it off V8's heap.
      const [y, m] = b.decode(restOf(bytes, n))
      return [[x, y], n + m]
    },
  }
  const { size: sizeA, write: writeA } = a
  const { size: sizeB, write: writeB } = b
  if (sizeA && writeA && sizeB && writeB) {
    pair.size = ([x, y]) => sizeA(x) + sizeB(y)
    pair.write = ([x, y], out, at) => {
      const n = writeA(x, out, at)
      return n + writeB(y, out, at + n)
    }
  }
  return pair
}

/** Protobuf message values: decoded messages out, what `fromObject` takes in. */
export function protoValue<N extends ProtoName>(
  type: ProtoType<N>,
): ValueCodec<Proto<N>, ProtoInit<N>> {
  return {
    encode: (v) => {
      const out = type.encode(type.fromObject(v)).finish()
      return new Uint8Array(out.buffer, out.byteOffset, out.length)
    },
    decode: (b) => type.decode(b) as unknown as Proto<N>,
  }
}

/** Big-endian uint64 values. */
export const uint64Value: ValueCodec<bigint> = {
  encode: (v) => uint64BE(v),
  fresh: true,
  decode: (b) => {
    // Below 2^53 (every real value) without a DataView; beyond, the number rounding as before.
    if (b.length >= 8 && b[0] === 0 && b[1]! < 0x20) {
      const hi = (b[1]! << 16) | (b[2]! << 8) | b[3]!
      const lo = ((b[4]! << 24) | (b[5]! << 16) | (b[6]! << 8) | b[7]!) >>> 0
      return BigInt(hi * 4294967296 + lo)
    }
    return BigInt(readUint64BE(b))
  },
}

/** Integers as decimal text (upstream math.Int values). */
export const intTextValue: ValueCodec<bigint> = {
  encode: (v) => utf8(v.toString()),
  fresh: true,
  decode: (b) => BigInt(fromUtf8(b)),
}

/** UTF-8 string values. */
export const stringValue: ValueCodec<string> = {
  encode: (v) => utf8(v),
  fresh: true,
  decode: (b) => fromUtf8(b),
}

/** Raw byte values. */
export const bytesValue: ValueCodec<Bytes> = {
  encode: (v) => v,
  decode: (b) => b.slice(),
}

/** `v` encoded under `key`: kept as it is where the codec's bytes are new (a balance's, each send). */
function writeEncoded<V, In>(store: KVStore, key: Bytes, codec: ValueCodec<V, In>, v: In): void {
  const bytes = codec.encode(v)
  if (codec.fresh) setShared(store, key, bytes)
  else store.set(key, bytes)
}

/**
 * The value under `key` decoded, without an async function's frame around the read: decoded at
 * once when the store has it in memory (one settled promise for the whole read), else when it comes.
 */
function decodedRead<V, In, T>(
  store: KVReader,
  key: Bytes,
  codec: ValueCodec<V, In>,
  then: (value: V | undefined) => T,
): Promise<T> {
  const v = decodedReadNow(store, key, codec, then)
  return v instanceof Promise ? v : Promise.resolve(v)
}

/** `decodedRead` without a promise when memory has the value; a failed read throws or rejects. */
function decodedReadNow<V, In, T>(
  store: KVReader,
  key: Bytes,
  codec: ValueCodec<V, In>,
  then: (value: V | undefined) => T,
): T | Promise<T> {
  const v = readNow(store, key)
  if (v instanceof Promise)
    return v.then((b) => then(b === undefined ? undefined : codec.decode(b)))
  return then(v === undefined ? undefined : codec.decode(v))
}

/** The decoded value as it is. */
const asIs = <V>(value: V): V => value

/** One value under a fixed key. */
export class Item<V, In = V> {
  constructor(
    readonly prefix: Bytes,
    private readonly value: ValueCodec<V, In>,
  ) {}

  get(store: KVReader): Promise<V | undefined> {
    return this.getThen(store, asIs)
  }

  /** `then` of the value (undefined: none stored), in the read's one promise. */
  getThen<T>(store: KVReader, then: (value: V | undefined) => T): Promise<T> {
    try {
      return decodedRead(store, this.prefix, this.value, then)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `getThen` without a promise when memory has the value; a failed read throws or rejects. */
  getNowThen<T>(store: KVReader, then: (value: V | undefined) => T): T | Promise<T> {
    return decodedReadNow(store, this.prefix, this.value, then)
  }

  set(store: KVStore, v: In): void {
    writeEncoded(store, this.prefix, this.value, v)
  }

  remove(store: KVStore): void {
    store.delete(this.prefix)
  }
}

/** A map under a prefix: key = prefix ‖ encoded key. */
export class KeyedMap<K, V, In = V> {
  constructor(
    readonly prefix: Bytes,
    private readonly key: KeyCodec<K>,
    private readonly value: ValueCodec<V, In>,
  ) {}

  /** Full store key of `k` (one allocation when the key codec can write in place). */
  storeKey(k: K): Bytes {
    const { size, write } = this.key
    if (!size || !write) return concatBytes(this.prefix, this.key.encode(k))
    const p = this.prefix
    const out = new Uint8Array(p.length + size(k))
    out.set(p, 0)
    write(k, out, p.length)
    return out
  }

  get(store: KVReader, k: K): Promise<V | undefined> {
    return this.getThen(store, k, asIs)
  }

  /** `then` of the value of `k` (undefined: none stored), in the read's one promise. */
  getThen<T>(store: KVReader, k: K, then: (value: V | undefined) => T): Promise<T> {
    try {
      return decodedRead(store, this.storeKey(k), this.value, then)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /**
   * `getThen` without a promise when memory has the value (a tx's hot reads: its balances); a
   * failed read throws or rejects.
   */
  getNowThen<T>(store: KVReader, k: K, then: (value: V | undefined) => T): T | Promise<T> {
    return decodedReadNow(store, this.storeKey(k), this.value, then)
  }

  has(store: KVReader, k: K): Promise<boolean> {
    try {
      return store.has(this.storeKey(k))
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `has` without a promise when the store can tell from memory; a failure throws or rejects. */
  hasNow(store: KVReader, k: K): boolean | Promise<boolean> {
    return hasNow(store, this.storeKey(k))
  }

  set(store: KVStore, k: K, v: In): void {
    writeEncoded(store, this.storeKey(k), this.value, v)
  }

  remove(store: KVStore, k: K): void {
    store.delete(this.storeKey(k))
  }

  /**
   * Entries in key order. `prefix` narrows to keys starting with those encoded bytes (e.g. the
   * first component of a pair); `start`/`end` bound by raw encoded keys. The store's range is
   * opened when iteration starts.
   */
  iterate(store: KVReader, options: RangeOptions = {}): AsyncIterable<[K, V, Bytes]> {
    const skip = this.prefix.length
    const { key, value } = this
    return mapAsync(this.opener(store, options), (entry): [K, V, Bytes] => {
      // A copy, not a view: a view of a small key would move it off V8's heap, a copy costs less.
      const raw = entry[0].slice(skip)
      return [key.decode(raw)[0], value.decode(entry[1]), raw]
    })
  }

  /**
   * The keys of `iterate`'s entries, in the same order, without decoding the values: for a caller
   * that counts entries or needs only their keys (the invariants asserted after every block).
   */
  keys(store: KVReader, options: RangeOptions = {}): AsyncIterable<K> {
    const skip = this.prefix.length
    const { key } = this
    return mapAsync(this.opener(store, options), (entry): K => key.decode(entry[0].slice(skip))[0])
  }

  /** Opens the store's range of `options` (called when iteration starts). */
  private opener(store: KVReader, options: RangeOptions) {
    return () => {
      const base = options.prefix ? concatBytes(this.prefix, options.prefix) : this.prefix
      const lt = prefixEnd(base)
      return store.iterate({
        gte: options.start ? concatBytes(this.prefix, options.start) : base,
        ...(options.end ? { lt: concatBytes(this.prefix, options.end) } : lt ? { lt } : {}),
        reverse: options.reverse ?? false,
      })
    }
  }
}

/**
 * A map's range: `prefix` narrows to keys starting with those encoded bytes (e.g. the first
 * component of a pair); `start`/`end` bound by raw encoded keys.
 */
export interface RangeOptions {
  prefix?: Bytes
  reverse?: boolean
  start?: Bytes
  end?: Bytes
}
