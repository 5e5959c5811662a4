import { describe, expect, test } from 'vitest'
import { fromUtf8, toHexUpper, utf8 } from '../codec/bytes.js'
import { META_ELEMENT_HASH } from './keys.js'
import type { ElementHashName } from './lthash.js'
import { createMemoryBackend, createMemoryDatabase, type MemoryDatabase } from './memory-backend.js'
import { VersionedStore } from './versioned-store.js'

const b = utf8

/** Commits genesis (two stores) and heights 1..n, each rewriting a value and adding one. */
async function grow(
  store: VersionedStore,
  backend: ReturnType<typeof createMemoryBackend>,
  from: number,
  to: number,
) {
  for (let h = from; h <= to; h++) {
    const br = store.branch()
    if (h === 0) {
      await br.upgradeStores({ added: ['mint', 'bank'] })
      br.store('bank').set(b('supply'), b('1000'))
    }
    br.store('mint').set(Uint8Array.of(0), b(`minter ${h}`))
    br.store('bank').set(b(`balance/${h}`), b(String(h)))
    const p = store.prepareCommit(br, h)
    await backend.write(p.ops)
    p.apply()
    p.publish()
  }
}

async function chain(
  element: ElementHashName | undefined,
  heights: number,
  db = createMemoryDatabase(),
) {
  const backend = createMemoryBackend(db)
  const store = await VersionedStore.open({ backend })
  if (element) store.useElementHash(element)
  await grow(store, backend, 0, heights)
  return { db, backend, store }
}

const reopen = async (db: MemoryDatabase) => {
  const backend = createMemoryBackend(db)
  return { backend, store: await VersionedStore.open({ backend }) }
}

describe("a home's element hash", () => {
  test('a new home hashes with sha256-chacha20, records it with genesis and keeps it on reopen', async () => {
    const { db, backend, store } = await chain(undefined, 3)
    expect(store.elementHash).toBe('sha256-chacha20')
    expect(fromUtf8((await backend.get(META_ELEMENT_HASH))!)).toBe('sha256-chacha20')
    const again = await reopen(db)
    expect(again.store.elementHash).toBe('sha256-chacha20')
    await grow(again.store, again.backend, 4, 6)
    const straight = await chain(undefined, 6)
    expect(toHexUpper(again.store.appHash)).toBe(toHexUpper(straight.store.appHash))
  })

  test('a home made before the record (no record) goes on with shake256 and its own app hashes', async () => {
    const old = await chain('shake256', 3)
    expect(fromUtf8((await old.backend.get(META_ELEMENT_HASH))!)).toBe('shake256')
    // An older sdkd wrote no record.
    await old.backend.write([{ type: 'del', key: META_ELEMENT_HASH }])
    const again = await reopen(old.db)
    expect(again.store.elementHash).toBe('shake256')
    await grow(again.store, again.backend, 4, 6)
    // The same history hashed with shake256 throughout, and with the new element hash.
    const shake = await chain('shake256', 6)
    const chacha = await chain(undefined, 6)
    expect(toHexUpper(again.store.appHash)).toBe(toHexUpper(shake.store.appHash))
    expect(toHexUpper(again.store.appHash)).not.toBe(toHexUpper(chacha.store.appHash))
    // A rollback recomputes the accumulators with the home's element hash.
    const rollback = await again.store.prepareRollback(5)
    await again.backend.write(rollback.ops)
    rollback.apply()
    const five = await chain('shake256', 5)
    expect(toHexUpper(again.store.appHash)).toBe(toHexUpper(five.store.appHash))
  })

  test('a record this sdkd does not know stops the open with a clear error', async () => {
    const { db, backend } = await chain(undefined, 1)
    await backend.write([{ type: 'put', key: META_ELEMENT_HASH, value: b('blake3') }])
    await expect(reopen(db)).rejects.toThrow(
      `this home's state is hashed with the element hash "blake3", which this sdkd does not know: a newer sdkd made it`,
    )
  })

  test('the element hash is chosen before the first commit only', async () => {
    const { store } = await chain(undefined, 0)
    expect(() => store.useElementHash('shake256')).toThrow(
      'the element hash is chosen before the first commit',
    )
  })
})
