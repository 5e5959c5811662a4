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

/**
 * `f` of a value now, or once its promise settles: at once (no promise made) for a value. For the
 * steps of a tx that memory nearly always answers; a throw in `f` throws at once for a value and
 * rejects the promise otherwise, as in an async function.
 */
export function thenNow<T, R>(value: T | Promise<T>, f: (value: T) => R): R | Promise<Awaited<R>> {
  return value instanceof Promise ? (value.then(f) as Promise<Awaited<R>>) : f(value)
}

/**
 * `f` over `items` in order, each call after the last one's promise settled: nothing to await
 * while every call returns at once, else a promise of the rest.
 */
export function eachNow<T>(
  items: readonly T[],
  f: (item: T, index: number) => void | Promise<void>,
  from = 0,
): void | Promise<void> {
  for (let i = from; i < items.length; i++) {
    const pending = f(items[i]!, i)
    if (pending instanceof Promise) return pending.then(() => eachNow(items, f, i + 1))
  }
}
