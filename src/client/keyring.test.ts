import { secp256k1 } from '@noble/curves/secp256k1.js'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { utf8 } from '../codec/bytes.js'
import { Keyring, keyFromMnemonic, keyOutput, signSecp256k1, verifySecp256k1 } from './keyring.js'

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const cleanups = cleanupAfterEach()

async function keyring(): Promise<Keyring> {
  const t = await tempDir('sdkd-keyring-')
  cleanups.push(t.cleanup)
  return Keyring.open(t.dir)
}

describe('keyring (test backend)', () => {
  test("behavior: a recovered mnemonic derives the well-known m/44'/118'/0'/0/0 account", async () => {
    const kr = await keyring()
    const { record } = await kr.add('alice', { mnemonic: ABANDON })
    // The same key as cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4, with the sdk prefix.
    expect(record.address).toBe('sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq')
    expect(keyOutput(record)).toEqual({
      name: 'alice',
      type: 'local',
      address: 'sdk19rl4cm2hmr8afy4kldpxz3fka4jguq0affp2cq',
      pubkey:
        '{"@type":"/sdk.crypto.secp256k1.PubKey","key":"Ak9OKtmcNNYLm6YoPJQxqEGK+GcyEpYfl6d7Y3f80Fti"}',
    })
    expect((await kr.resolve(record.address)).name).toBe('alice')
    expect((await kr.list()).map((k) => k.name)).toEqual(['alice'])
  })

  test('behavior: new keys get a 24-word mnemonic; delete removes the key and its address index', async () => {
    const kr = await keyring()
    const { mnemonic, record } = await kr.add('bob')
    expect(mnemonic.split(' ')).toHaveLength(24)
    expect(keyFromMnemonic(mnemonic).pubKey).toEqual(record.pubKey)
    await kr.delete('bob')
    await expect(kr.get('bob')).rejects.toThrow('bob.info: key not found')
    expect(await kr.findByAddress(record.address)).toBeUndefined()
  })

  test('error: duplicate names and keys, bad mnemonics, other backends', async () => {
    const kr = await keyring()
    await kr.add('alice', { mnemonic: ABANDON })
    await expect(kr.add('alice')).rejects.toThrow('key with name alice already exists')
    await expect(kr.add('again', { mnemonic: ABANDON })).rejects.toThrow(
      'public key already exists in keybase under the name alice',
    )
    await expect(kr.add('x', { mnemonic: 'not a mnemonic' })).rejects.toThrow('invalid mnemonic')
    expect(() => Keyring.open('/nowhere', 'os')).toThrow('unsupported keyring backend "os"')
  })

  test('behavior: signatures are 64-byte low-S over sha256(message) and verify', () => {
    const { privateKey, pubKey } = keyFromMnemonic(ABANDON)
    for (let i = 0; i < 20; i++) {
      const msg = utf8(`sign doc ${i}`)
      const sig = signSecp256k1(privateKey, msg)
      expect(sig).toHaveLength(64)
      const s = BigInt(`0x${Buffer.from(sig.subarray(32)).toString('hex')}`)
      expect(s <= secp256k1.Point.CURVE().n / 2n).toBe(true)
      expect(verifySecp256k1(pubKey, msg, sig)).toBe(true)
      expect(verifySecp256k1(pubKey, utf8('other'), sig)).toBe(false)
    }
  })
})
