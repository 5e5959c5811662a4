import {
  createMultisigThresholdPubkey,
  encodeSecp256k1Pubkey,
  pubkeyToAddress,
} from '@cosmjs/amino'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../../test/helpers/cleanup.js'
import { tempDir } from '../../test/helpers/temp-dir.js'
import { toBase64, utf8 } from '../codec/bytes.js'
import {
  deriveKeyFromMnemonic,
  Keyring,
  keyFromMnemonic,
  keyOutput,
  type MultisigMember,
  memberOfRecord,
  secp256k1Member,
  signSecp256k1,
  sortedByAddress,
  verifySecp256k1,
} from './keyring.js'

/** A single member's key in base64. */
const keyBase64 = (m: MultisigMember) => (m.type === 'multisig' ? '' : toBase64(m.key))

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

  test('behavior: the key derived with the platform PBKDF2 is the JavaScript one, passphrase and path included', async () => {
    const cases: [string, string | undefined, string][] = [
      [`  ${ABANDON.replaceAll(' ', '   ')} `, undefined, "m/44'/118'/0'/0/0"],
      [ABANDON, 'TREZOR', "m/44'/118'/0'/0/7"],
      // BIP39 normalizes the passphrase (NFKD): composed and decomposed é give one seed.
      [ABANDON, 'caf\u00e9', "m/44'/60'/0'/0/0"],
      [ABANDON, 'cafe\u0301', "m/44'/60'/0'/0/0"],
    ]
    const keys = []
    for (const [mnemonic, passphrase, path] of cases) {
      const sync = keyFromMnemonic(mnemonic, path, passphrase)
      const derived = await deriveKeyFromMnemonic(mnemonic, path, passphrase)
      expect(toBase64(derived.privateKey)).toBe(toBase64(sync.privateKey))
      expect(toBase64(derived.pubKey)).toBe(toBase64(sync.pubKey))
      keys.push(toBase64(derived.pubKey))
    }
    expect(new Set(keys).size).toBe(3)
    await expect(deriveKeyFromMnemonic('abandon about')).rejects.toThrow('invalid mnemonic')
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

describe('keyring: multisig keys', () => {
  /** Three keys of fixed private keys, as the keyring holds them. */
  async function threeKeys(kr: Keyring) {
    const out = []
    for (const name of ['k1', 'k2', 'k3'])
      out.push(await kr.importPrivateKey(name, sha256(utf8(`multisig member ${name}`))))
    return out
  }

  test('behavior: a stored 2-of-3 multisig key has cosmjs`s address, sorted by member address unless given in order', async () => {
    const kr = await keyring()
    const keys = await threeKeys(kr)
    const pubKeys = keys.map((k) => k.pubKey)
    const sorted = sortedByAddress(pubKeys.map(secp256k1Member))
    const multi = await kr.addMultisig('multi', 2, sorted)
    // cosmjs sorts by address too (an implementation of its own).
    const theirs = createMultisigThresholdPubkey(pubKeys.map(encodeSecp256k1Pubkey), 2)
    expect(multi.address).toBe(pubkeyToAddress(theirs, 'sdk'))
    expect(sorted.map(keyBase64)).toEqual(theirs.value.pubkeys.map((p) => p.value))
    const inOrder = await kr.addMultisig('ordered', 2, pubKeys.map(secp256k1Member))
    const theirsInOrder = createMultisigThresholdPubkey(pubKeys.map(encodeSecp256k1Pubkey), 2, true)
    expect(inOrder.address).toBe(pubkeyToAddress(theirsInOrder, 'sdk'))
    // The keys' own order is not their address order: the two keys differ.
    expect(inOrder.address).not.toBe(multi.address)

    expect(keyOutput(await kr.record('multi'))).toEqual({
      name: 'multi',
      type: 'multi',
      address: multi.address,
      pubkey: JSON.stringify({
        '@type': '/sdk.crypto.multisig.LegacyAminoPubKey',
        threshold: 2,
        public_keys: sorted.map((k) => ({
          '@type': '/sdk.crypto.secp256k1.PubKey',
          key: keyBase64(k),
        })),
      }),
    })
    expect((await kr.resolve(multi.address)).name).toBe('multi')
    expect((await kr.list()).map((k) => `${k.name} ${k.type}`)).toEqual([
      'k1 local',
      'k2 local',
      'k3 local',
      'multi multi',
      'ordered multi',
    ])
    // A multisig key signs nothing itself.
    await expect(kr.get('multi')).rejects.toThrow(/^cannot sign with offline keys: multi/)
  })

  test('behavior: a multisig key with a multisig member is stored and read back nested, with cosmjs`s address and upstream`s pubkey JSON', async () => {
    const kr = await keyring()
    const keys = await threeKeys(kr)
    const inner = await kr.addMultisig('inner', 1, [
      secp256k1Member(keys[1]!.pubKey),
      secp256k1Member(keys[2]!.pubKey),
    ])
    const members = sortedByAddress([memberOfRecord(keys[0]!), memberOfRecord(inner)])
    const outer = await kr.addMultisig('outer', 2, members)
    const single = (k: Uint8Array) => encodeSecp256k1Pubkey(k)
    const theirInner = createMultisigThresholdPubkey(
      [single(keys[1]!.pubKey), single(keys[2]!.pubKey)],
      1,
      true,
    )
    // cosmjs types members as single keys, but sorts and encodes a nested one as upstream does.
    const theirs = createMultisigThresholdPubkey(
      [single(keys[0]!.pubKey), theirInner as unknown as ReturnType<typeof single>],
      2,
    )
    expect(outer.address).toBe(pubkeyToAddress(theirs, 'sdk'))
    const read = await kr.record('outer')
    expect(read).toEqual(outer)
    const json = (m: MultisigMember): unknown =>
      m.type === 'multisig'
        ? {
            '@type': '/sdk.crypto.multisig.LegacyAminoPubKey',
            threshold: m.threshold,
            public_keys: m.members.map(json),
          }
        : { '@type': '/sdk.crypto.secp256k1.PubKey', key: toBase64(m.key) }
    expect(JSON.parse(keyOutput(read).pubkey)).toEqual(json(memberOfRecord(read)))
    expect(JSON.parse(keyOutput(read).pubkey).public_keys).toContainEqual({
      '@type': '/sdk.crypto.multisig.LegacyAminoPubKey',
      threshold: 1,
      public_keys: [keys[1]!, keys[2]!].map((k) => ({
        '@type': '/sdk.crypto.secp256k1.PubKey',
        key: toBase64(k.pubKey),
      })),
    })
  })

  test('behavior: a multisig key is renamed and deleted with its address index', async () => {
    const kr = await keyring()
    const keys = await threeKeys(kr)
    const multi = await kr.addMultisig('multi', 1, [
      secp256k1Member(keys[0]!.pubKey),
      secp256k1Member(keys[1]!.pubKey),
    ])
    await kr.rename('multi', 'shared')
    expect((await kr.resolve(multi.address)).name).toBe('shared')
    await expect(kr.record('multi')).rejects.toThrow('multi.info: key not found')
    await kr.delete('shared')
    expect(await kr.findByAddress(multi.address)).toBeUndefined()
  })

  test('error: thresholds out of range, a name in use and the same multisig key twice, with upstream`s texts', async () => {
    const kr = await keyring()
    const keys = await threeKeys(kr)
    const pubKeys = keys.map((k) => secp256k1Member(k.pubKey))
    await expect(kr.addMultisig('m', 0, pubKeys)).rejects.toThrow(
      'threshold must be a positive integer',
    )
    await expect(kr.addMultisig('m', 4, pubKeys)).rejects.toThrow(
      'threshold k of n multisignature: 3 < 4',
    )
    await expect(kr.addMultisig('k1', 2, pubKeys)).rejects.toThrow(
      'key with name k1 already exists',
    )
    await kr.addMultisig('m', 2, pubKeys)
    await expect(kr.addMultisig('again', 2, pubKeys)).rejects.toThrow(
      'public key already exists in keybase under the name m',
    )
    // --dry-run: the record, nothing stored.
    const dry = await kr.addMultisig('dry', 3, pubKeys, { dryRun: true })
    expect(dry.threshold).toBe(3)
    await expect(kr.record('dry')).rejects.toThrow('dry.info: key not found')
  })
})
