import { describe, expect, test } from 'vitest'
import { toHexUpper } from '../codec/bytes.js'
import { merkleRoot } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { ValidatorSet } from './validator-set.js'

describe('validators hash of a set of several', () => {
  test('behavior: a set of several hashes as the merkle root of its SimpleValidators encoded by the registry, again after each power change and back', () => {
    const registry = protoRegistry()
    const type = registry.type('tendermint.types.SimpleValidator')
    const keys = [1, 2, 3, 4].map((i) => new Uint8Array(32).fill(i * 37))
    /** The validators hash computed independently: the registry's encoding, in the set's order. */
    const expected = (set: ValidatorSet) =>
      toHexUpper(
        merkleRoot(
          set.validators.map((v) =>
            type
              .encode({ pub_key: { ed25519: v.pubKey }, voting_power: v.power.toString() })
              .finish(),
          ),
        ),
      )
    // Powers of one and of several varint bytes.
    const set = ValidatorSet.of(
      keys.map((pubKey, i) => ({ pubKey, power: [40n, 300n, 20n, 70000n][i]! })),
    )
    const first = toHexUpper(set.hash())
    expect(first).toBe(expected(set))
    // A copy (every height's) hashes the same; its proposer priorities are not hashed.
    const copy = set.copy()
    copy.incrementProposerPriority(3)
    expect(toHexUpper(copy.hash())).toBe(first)
    // A power change makes another hash, the registry's for the new powers.
    copy.updateWithChangeSet([{ pubKey: keys[0]!, power: 41n }])
    const changed = toHexUpper(copy.hash())
    expect(changed).not.toBe(first)
    expect(changed).toBe(expected(copy))
    // The same key arrays at other powers in a set read back: the hash of those powers.
    const readBack = ValidatorSet.fromExisting(
      copy.validators.map((v) => ({ ...v, power: v.power + 1n })),
    )
    expect(toHexUpper(readBack.hash())).toBe(expected(readBack))
    expect(toHexUpper(readBack.hash())).not.toBe(changed)
    // Back to the first powers: the first hash again; a removal: the registry's for the rest.
    copy.updateWithChangeSet([{ pubKey: keys[0]!, power: 40n }])
    expect(toHexUpper(copy.hash())).toBe(first)
    copy.updateWithChangeSet([{ pubKey: keys[2]!, power: 0n }])
    expect(copy.size).toBe(3)
    expect(toHexUpper(copy.hash())).toBe(expected(copy))
    expect(toHexUpper(set.hash())).toBe(first)
  })

  test('behavior: a hash handed out is the caller’s own: changing it changes no later hash', () => {
    for (const n of [1, 3]) {
      const keys = Array.from({ length: n }, (_, i) => new Uint8Array(32).fill(200 + i))
      const set = ValidatorSet.of(keys.map((pubKey) => ({ pubKey, power: 5n })))
      const first = set.hash()
      const text = toHexUpper(first)
      first.fill(0)
      expect(toHexUpper(set.hash()), `${n} validator(s)`).toBe(text)
      const again = set.copy().hash()
      again.fill(1)
      expect(toHexUpper(set.copy().hash()), `${n} validator(s)`).toBe(text)
    }
  })
})
