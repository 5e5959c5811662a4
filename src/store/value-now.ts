import type { Bytes } from '../codec/bytes.js'
import type { KVReader, KVStore, ValueNow } from './types.js'

/** Whether a read found a value. */
function isDefined(value: Bytes | undefined): boolean {
  return value !== undefined
}

/** Whether `store` holds `key`: one settled promise when memory can tell (see `readNow`). */
export function hasKey(store: KVReader, key: Bytes): Promise<boolean> {
  try {
    const has = definedNow(readNow(store, key))
    return has instanceof Promise ? has : Promise.resolve(has)
  } catch (err) {
    return Promise.reject(err)
  }
}

/** What `store.has` says, at once where the store can tell from memory (`hasNow`). */
export function hasNow(store: KVReader, key: Bytes): boolean | Promise<boolean> {
  return store.hasNow ? store.hasNow(key) : store.has(key)
}

/** Whether a read found a value, at once when memory holds the read's value. */
export function definedNow(v: ValueNow): boolean | Promise<boolean> {
  return v instanceof Promise ? v.then(isDefined) : v !== undefined
}

/** A read's value as a promise: the one it is, or a settled one. */
export function settled(v: ValueNow): Promise<Bytes | undefined> {
  return v instanceof Promise ? v : Promise.resolve(v)
}

/** What `store` holds under `key`: at once from a store that can say so (`getNow`), else `get`. */
export function readNow(store: KVReader, key: Bytes): ValueNow {
  return store.getNow ? store.getNow(key) : store.get(key)
}

/** `store.setShared` where the store has it (the value kept as it is), `set` otherwise. */
export function setShared(store: KVStore, key: Bytes, value: Bytes): void {
  if (store.setShared) store.setShared(key, value)
  else store.set(key, value)
}
