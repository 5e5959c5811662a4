import { describe, expect, test } from 'vitest'
import { AccountNumbers } from './ingress-accounts.js'

/** A 20-byte address whose first bytes (where its entry is looked for) are `head`. */
const address = (head: number, fill: number) => {
  const a = new Uint8Array(20).fill(fill)
  new DataView(a.buffer).setUint32(0, head)
  return a
}

describe('account numbers shared with the ingress workers', () => {
  test('behavior: a published number is read back, through another view of the same memory', () => {
    const table = AccountNumbers.create(8)
    const other = new AccountNumbers(table.buffer)
    const a = address(1, 1)
    expect(other.get(a)).toBeUndefined()
    table.publish(a, 7n)
    table.publish(a, 7n)
    expect(other.get(a)).toBe(7n)
    table.publish(address(2, 2), 2n ** 64n - 1n)
    expect(other.get(address(2, 2))).toBe(2n ** 64n - 1n)
  })

  test('behavior: addresses landing on one entry each keep their own number', () => {
    const table = AccountNumbers.create(8)
    // same first four bytes: the same home entry, told apart by the rest of the address
    const [a, b, c] = [address(5, 1), address(5, 2), address(13, 3)]
    table.publish(a, 1n)
    table.publish(b, 2n)
    table.publish(c, 3n)
    expect([table.get(a), table.get(b), table.get(c)]).toEqual([1n, 2n, 3n])
    expect(table.get(address(5, 9))).toBeUndefined()
  })

  test('error: an address seen with two numbers is not answered at all (the node verifies)', () => {
    const table = AccountNumbers.create(8)
    const a = address(3, 3)
    table.publish(a, 4n)
    table.publish(a, 5n)
    expect(table.get(a)).toBeUndefined()
    table.publish(a, 4n)
    expect(table.get(a)).toBeUndefined()
  })

  test('error: addresses of another length, and entries past three quarters full, are not kept', () => {
    const table = AccountNumbers.create(8)
    table.publish(new Uint8Array(32).fill(1), 1n)
    expect(table.get(new Uint8Array(32).fill(1))).toBeUndefined()
    for (let i = 0; i < 8; i++) table.publish(address(i, i + 1), BigInt(i))
    const kept = Array.from({ length: 8 }, (_, i) => table.get(address(i, i + 1)))
    expect(kept).toEqual([0n, 1n, 2n, 3n, 4n, 5n, undefined, undefined])
  })
})
