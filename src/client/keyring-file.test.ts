import { createDecipheriv, createHash, pbkdf2Sync } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Record as RecordProto } from 'cosmjs-types/cosmos/crypto/keyring/v1/record'
import { LegacyAminoPubKey } from 'cosmjs-types/cosmos/crypto/multisig/keys'
import { PrivKey, PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import protobuf from 'protobufjs/light.js'
import { afterEach, describe, expect, test } from 'vitest'
import { writeEarlierSdkdKey } from '../../test/helpers/earlier-keyring.js'
import { Keyring, keyFromMnemonic, secp256k1Member } from './keyring.js'
import { goTimeString, openItem, sealItem } from './keyring-file.js'

const { Writer } = protobuf
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

/**
 * RFC 7518's PBES2-HS256+A128KW and A256GCM done with node:crypto alone (not the library sdkd
 * seals with): the plaintext of a compact JWE under the password "test", and its header.
 */
function decryptWithNodeCrypto(token: string): { header: Record<string, unknown>; text: string } {
  const [protectedB64, wrappedB64, ivB64, cipherB64, tagB64] = token.split('.')
  const header = JSON.parse(Buffer.from(protectedB64!, 'base64url').toString()) as Record<
    string,
    unknown
  >
  const salt = Buffer.concat([
    Buffer.from(String(header.alg)),
    Buffer.of(0),
    Buffer.from(String(header.p2s), 'base64url'),
  ])
  const kek = pbkdf2Sync('test', salt, Number(header.p2c), 16, 'sha256')
  const unwrap = createDecipheriv('id-aes128-wrap', kek, Buffer.from('A6A6A6A6A6A6A6A6', 'hex'))
  const cek = Buffer.concat([unwrap.update(Buffer.from(wrappedB64!, 'base64url')), unwrap.final()])
  const gcm = createDecipheriv('aes-256-gcm', cek, Buffer.from(ivB64!, 'base64url'))
  gcm.setAAD(Buffer.from(protectedB64!))
  gcm.setAuthTag(Buffer.from(tagB64!, 'base64url'))
  const plain = Buffer.concat([gcm.update(Buffer.from(cipherB64!, 'base64url')), gcm.final()])
  return { header, text: plain.toString() }
}

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})
async function home(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'sdkd-keyring-file-'))
  dirs.push(d)
  return d
}

describe("the test keyring's files as upstream's", () => {
  test('behavior: a local key is a JWE of the Go item JSON holding a Record, its address item names it', async () => {
    const h = await home()
    const kr = Keyring.open(h)
    const { record } = await kr.add('alice', { mnemonic: MNEMONIC })
    const key = keyFromMnemonic(MNEMONIC)
    const dir = join(h, 'keyring-test')
    const files = (await readdir(dir)).sort()
    const indexFile = files.find((f) => f.endsWith('.address'))!
    expect(files).toEqual(['alice.info', indexFile].sort())

    const info = decryptWithNodeCrypto(await readFile(join(dir, 'alice.info'), 'utf8'))
    expect(info.header).toMatchObject({ alg: 'PBES2-HS256+A128KW', enc: 'A256GCM', p2c: 8192 })
    expect(Buffer.from(String(info.header.p2s), 'base64url')).toHaveLength(12)
    expect(String(info.header.created)).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \+0000 UTC$/,
    )
    const item = JSON.parse(info.text)
    expect(Object.keys(item)).toEqual([
      'Key',
      'Data',
      'Label',
      'Description',
      'KeychainNotTrustApplication',
      'KeychainNotSynchronizable',
    ])
    expect(item).toMatchObject({ Key: 'alice.info', Label: '', Description: '' })
    const rec = RecordProto.decode(Buffer.from(item.Data, 'base64'))
    expect(rec.name).toBe('alice')
    expect(rec.pubKey?.typeUrl).toBe('/cosmos.crypto.secp256k1.PubKey')
    expect(PubKey.decode(rec.pubKey!.value).key).toEqual(key.pubKey)
    expect(rec.local?.privKey?.typeUrl).toBe('/cosmos.crypto.secp256k1.PrivKey')
    expect(PrivKey.decode(rec.local!.privKey!.value).key).toEqual(key.privateKey)
    expect(rec.multi ?? rec.offline ?? rec.ledger).toBeUndefined()

    const index = JSON.parse(
      decryptWithNodeCrypto(await readFile(join(dir, indexFile), 'utf8')).text,
    )
    expect(index.Key).toBe(indexFile)
    expect(Buffer.from(index.Data, 'base64').toString()).toBe('alice.info')
    expect(await kr.findByAddress(record.address)).toMatchObject({ name: 'alice' })
  })

  test('behavior: records an SDK binary wrote (local, offline, nested multisig) are read', async () => {
    const h = await home()
    const dir = join(h, 'keyring-test')
    await Keyring.open(h).add('seed', { mnemonic: MNEMONIC }) // makes the directory
    const key = keyFromMnemonic(MNEMONIC)
    const other = keyFromMnemonic(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    )
    const third = keyFromMnemonic(MNEMONIC, "m/44'/118'/2'/0/7")
    const pub = (k: Uint8Array) => ({
      typeUrl: '/cosmos.crypto.secp256k1.PubKey',
      value: PubKey.encode({ key: k }).finish(),
    })
    const inner = {
      typeUrl: '/cosmos.crypto.multisig.LegacyAminoPubKey',
      value: LegacyAminoPubKey.encode({
        threshold: 1,
        publicKeys: [pub(key.pubKey), pub(other.pubKey)],
      }).finish(),
    }
    const outer = {
      typeUrl: '/cosmos.crypto.multisig.LegacyAminoPubKey',
      value: LegacyAminoPubKey.encode({
        threshold: 2,
        publicKeys: [inner, pub(other.pubKey)],
      }).finish(),
    }
    const records = {
      local: RecordProto.fromPartial({
        name: 'local',
        pubKey: pub(other.pubKey),
        local: {
          privKey: {
            typeUrl: '/cosmos.crypto.secp256k1.PrivKey',
            value: PrivKey.encode({ key: other.privateKey }).finish(),
          },
        },
      }),
      offline: RecordProto.fromPartial({ name: 'offline', pubKey: pub(key.pubKey), offline: {} }),
      multi: RecordProto.fromPartial({ name: 'multi', pubKey: outer, multi: {} }),
      ledger: RecordProto.fromPartial({
        name: 'ledger',
        pubKey: pub(third.pubKey),
        ledger: {
          path: { purpose: 44, coinType: 118, account: 2, change: false, addressIndex: 7 },
        },
      }),
    }
    for (const [name, r] of Object.entries(records)) {
      const token = await sealItem(
        { key: `${name}.info`, data: RecordProto.encode(r).finish() },
        'test',
      )
      await writeFile(join(dir, `${name}.info`), token)
    }
    const kr = Keyring.open(h)
    const local = await kr.record('local')
    expect(local).toMatchObject({ type: 'local', privateKey: other.privateKey })
    expect(await kr.record('offline')).toMatchObject({ type: 'offline', pubKey: key.pubKey })
    // A Ledger key is kept with its path, and refused for signing.
    expect(await kr.record('ledger')).toMatchObject({
      type: 'ledger',
      pubKey: third.pubKey,
      path: { purpose: 44, coinType: 118, account: 2, change: false, addressIndex: 7 },
    })
    await expect(kr.get('ledger')).rejects.toThrow(
      'cannot sign with ledger: a Ledger key, and sdkd drives no device',
    )
    await kr.rename('ledger', 'ledger2')
    const ledgerItem = await openItem(
      'ledger2.info',
      await readFile(join(dir, 'ledger2.info'), 'utf8'),
      'test',
    )
    expect(Buffer.from(ledgerItem.data)).toEqual(
      Buffer.from(RecordProto.encode({ ...records.ledger, name: 'ledger2' }).finish()),
    )
    expect(await kr.record('multi')).toMatchObject({
      type: 'multi',
      threshold: 2,
      members: [
        {
          type: 'multisig',
          threshold: 1,
          members: [secp256k1Member(key.pubKey), secp256k1Member(other.pubKey)],
        },
        secp256k1Member(other.pubKey),
      ],
    })
    // Written back by sdkd, the same bytes as the SDK's encoding.
    const rewritten = await kr.rename('multi', 'multi2')
    const item = await openItem(
      'multi2.info',
      await readFile(join(dir, 'multi2.info'), 'utf8'),
      'test',
    )
    expect(rewritten.address).toBe((await kr.record('multi2')).address)
    expect(Buffer.from(item.data)).toEqual(
      Buffer.from(RecordProto.encode({ ...records.multi, name: 'multi2' }).finish()),
    )
  })

  test('behavior: a keyring of an earlier sdkd (its own JSON files) is still read', async () => {
    const h = await home()
    const dir = join(h, 'keyring-test')
    await mkdir(dir, { recursive: true })
    const { address, privateKey } = await writeEarlierSdkdKey(dir, 'old', MNEMONIC)
    const kr = Keyring.open(h)
    expect(await kr.record('old')).toMatchObject({ name: 'old', privateKey })
    expect(await kr.findByAddress(address)).toMatchObject({ name: 'old' })
  })

  test('behavior: an SDK v0.45 item (length-prefixed legacy amino LegacyInfo) is read and written back as a Record', async () => {
    const h = await home()
    const dir = join(h, 'keyring-test')
    await mkdir(dir, { recursive: true })
    // Amino's prefix of a registered name: sha256's bytes 3 to 6 after its leading zero bytes.
    const prefix = (name: string) => {
      const d = createHash('sha256').update(name).digest()
      const i = d.findIndex((b) => b !== 0)
      return d.subarray(i + 3, i + 7)
    }
    const lengthPrefixed = (bytes: Uint8Array) => {
      const w = Writer.create()
      w.bytes(bytes)
      return w.finish()
    }
    const amino = (name: string, body: Uint8Array) => Buffer.concat([prefix(name), body])
    const key = keyFromMnemonic(MNEMONIC)
    const other = keyFromMnemonic(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    )
    const pub = (k: Uint8Array) => amino('tendermint/PubKeySecp256k1', lengthPrefixed(k))
    const local = Writer.create()
    local.uint32(0x0a).string('old')
    local.uint32(0x12).bytes(pub(key.pubKey))
    local.uint32(0x1a).bytes(amino('tendermint/PrivKeySecp256k1', lengthPrefixed(key.privateKey)))
    local.uint32(0x22).string('secp256k1')
    const multisig = Writer.create()
    multisig.uint32(0x08).uint32(2)
    multisig.uint32(0x12).bytes(pub(key.pubKey))
    multisig.uint32(0x12).bytes(pub(other.pubKey))
    const multi = Writer.create()
    multi.uint32(0x0a).string('oldmulti')
    multi.uint32(0x12).bytes(amino('tendermint/PubKeyMultisigThreshold', multisig.finish()))
    // A Ledger key's path: hd.BIP44Params, its five fields in order (m/44'/118'/2'/1/7).
    const path = Writer.create()
    path.uint32(0x08).uint32(44)
    path.uint32(0x10).uint32(118)
    path.uint32(0x18).uint32(2)
    path.uint32(0x20).bool(true)
    path.uint32(0x28).uint32(7)
    const ledger = Writer.create()
    ledger.uint32(0x0a).string('oldledger')
    ledger.uint32(0x12).bytes(pub(other.pubKey))
    ledger.uint32(0x1a).bytes(path.finish())
    ledger.uint32(0x22).string('secp256k1')
    const items = {
      old: amino('crypto/keys/localInfo', local.finish()),
      oldmulti: amino('crypto/keys/multiInfo', multi.finish()),
      oldledger: amino('crypto/keys/ledgerInfo', ledger.finish()),
    }
    for (const [name, info] of Object.entries(items)) {
      const data = lengthPrefixed(info)
      await writeFile(
        join(dir, `${name}.info`),
        await sealItem({ key: `${name}.info`, data }, 'test'),
      )
    }
    const kr = Keyring.open(h)
    expect(await kr.record('old')).toMatchObject({
      type: 'local',
      privateKey: key.privateKey,
      pubKey: key.pubKey,
    })
    const m = await kr.record('oldmulti')
    expect(m).toMatchObject({
      type: 'multi',
      threshold: 2,
      members: [secp256k1Member(key.pubKey), secp256k1Member(other.pubKey)],
    })
    // Written back as upstream's keystore migrates it: a Record, and its address item.
    const rewritten = await openItem(
      'old.info',
      await readFile(join(dir, 'old.info'), 'utf8'),
      'test',
    )
    const rec = RecordProto.decode(rewritten.data)
    expect([rec.name, rec.pubKey?.typeUrl, rec.local?.privKey?.typeUrl]).toEqual([
      'old',
      '/cosmos.crypto.secp256k1.PubKey',
      '/cosmos.crypto.secp256k1.PrivKey',
    ])
    expect(await kr.findByAddress(m.address)).toMatchObject({ name: 'oldmulti' })
    // A Ledger key: listed with its path, written back as a Record's ledger item.
    const wantPath = { purpose: 44, coinType: 118, account: 2, change: true, addressIndex: 7 }
    expect(await kr.record('oldledger')).toMatchObject({
      type: 'ledger',
      pubKey: other.pubKey,
      path: wantPath,
    })
    const ledgerRec = RecordProto.decode(
      (
        await openItem(
          'oldledger.info',
          await readFile(join(dir, 'oldledger.info'), 'utf8'),
          'test',
        )
      ).data,
    )
    expect([ledgerRec.name, ledgerRec.pubKey?.typeUrl, ledgerRec.ledger?.path]).toEqual([
      'oldledger',
      '/cosmos.crypto.secp256k1.PubKey',
      wantPath,
    ])
    await expect(kr.get('oldledger')).rejects.toThrow('cannot sign with oldledger: a Ledger key')
  })

  test('error: a file sealed under another password, or no item at all', async () => {
    const h = await home()
    const kr = Keyring.open(h)
    await kr.add('alice', { mnemonic: MNEMONIC })
    const dir = join(h, 'keyring-test')
    const token = await readFile(join(dir, 'alice.info'), 'utf8')
    const [head, wrapped, iv, cipher, tag] = token.split('.')
    // A tag of another content: GCM refuses it.
    const damaged = [head, wrapped, iv, cipher, `${tag!.slice(0, -2)}AA`].join('.')
    await writeFile(join(dir, 'alice.info'), damaged)
    await expect(kr.record('alice')).rejects.toThrow(
      /^cannot open alice\.info with the keyring's password: /,
    )
    await expect(openItem('x.info', 'eyJub3QiOiJqd2UifQ.a.b.c.d', 'test')).rejects.toThrow(
      /^cannot open x\.info with the keyring's password: /,
    )
  })

  test("behavior: the created header is Go's time.Time.String() of a UTC time", () => {
    expect(goTimeString(new Date('2026-12-07T07:10:22.672Z'))).toBe(
      '2026-12-07 07:10:22.672 +0000 UTC',
    )
    expect(goTimeString(new Date('2026-12-07T07:10:22.500Z'))).toBe(
      '2026-12-07 07:10:22.5 +0000 UTC',
    )
    expect(goTimeString(new Date('2026-12-07T07:10:22.000Z'))).toBe('2026-12-07 07:10:22 +0000 UTC')
  })
})
