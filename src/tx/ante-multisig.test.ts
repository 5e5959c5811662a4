import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type MultisigSignOptions,
  type MultisigSpec,
  multiSignature,
  multisigAddressOf,
  multisigAny,
  signMultisigTx,
} from '../../test/helpers/multisig-ante-tx.js'
import {
  CHAIN_ID,
  createTxTestNode,
  type TestAccount,
  testAccount,
} from '../../test/helpers/tx-node.js'
import { createUnsignedTx, encodeTxRaw } from '../client/tx-builder.js'
import { addressToBech32 } from '../codec/address.js'
import { SIGN_MODE_LEGACY_AMINO_JSON } from '../codec/amino-json.js'
import { type Bytes, toBase64 } from '../codec/bytes.js'
import { type CompactBits, compactBitsOf } from '../codec/multisig.js'
import { SIGN_MODE_DIRECT } from '../codec/sign-doc.js'

// Multisig accounts in the ante handler (docs/transactions.md, "Multisig accounts"): what CheckTx
// and the block answer for txs signed by a LegacyAminoPubKey's members. One node for the file;
// every multisig account is funded at genesis (account numbers in the order below).

type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T

const m = [11, 12, 13, 14, 15, 16, 17, 18].map(testAccount)
/** A 2-of-3 of members 0, 1, 2. */
const twoOfThree: MultisigSpec = { threshold: 2, members: [m[0]!, m[1]!, m[2]!] }
/** A 2-of-3 whose third member is a 1-of-2 of members 3 and 4. */
const nested: MultisigSpec = {
  threshold: 2,
  members: [m[0]!, m[1]!, { threshold: 1, members: [m[3]!, m[4]!] }],
}
/** A 1-of-2 whose second member is an ed25519 key. */
const withEd25519: MultisigSpec = {
  threshold: 1,
  members: [m[0]!, { ed25519: new Uint8Array(32).fill(9) }],
}
/** A 2-of-8: more keys than the default tx_sig_limit (7). */
const twoOfEight: MultisigSpec = { threshold: 2, members: m }
/** A 2-of-3 of members 3, 4, 5 that has not signed yet. */
const fresh: MultisigSpec = { threshold: 2, members: [m[3]!, m[4]!, m[5]!] }

/** A genesis account at a multisig's address (no private key: its members sign). */
function accountOf(spec: MultisigSpec): TestAccount {
  const addressBytes = multisigAddressOf(spec)
  return {
    addressBytes,
    address: addressToBech32(addressBytes),
    privateKey: new Uint8Array(),
    pubKey: new Uint8Array(),
  }
}

const alice = testAccount(1)
const accounts = [alice, ...[twoOfThree, nested, withEd25519, twoOfEight, fresh].map(accountOf)]
const numberOf = (spec: MultisigSpec) =>
  BigInt(accounts.findIndex((a) => a.address === accountOf(spec).address))

beforeAll(async () => {
  t = await createTxTestNode({
    funded: accounts.map((account) => ({ account, coins: '1000000stake' })),
  })
  await t.block()
})
afterAll(() => t.close())

/** The account of `spec` as the chain has it now. */
async function chainAccount(spec: MultisigSpec) {
  return t.node.app.version.txKeepers!.accounts.getAccount(
    t.node.store.view(),
    accountOf(spec).addressBytes,
  )
}

/** A send of 10stake from `spec`'s account to alice, signed by its members. */
async function send(
  spec: MultisigSpec,
  o: Omit<MultisigSignOptions, 'signer'> & { gas?: bigint; from?: MultisigSpec } = {},
): Promise<Bytes> {
  const from = accountOf(o.from ?? spec)
  const unsigned = createUnsignedTx({
    messages: [t.msgSend(from, alice.address, '10stake')],
    fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: o.gas ?? 200_000n },
  })
  const acc = await chainAccount(o.from ?? spec)
  const tx = signMultisigTx(t.registry, unsigned, spec, {
    ...o,
    signer: { chainId: CHAIN_ID, accountNumber: numberOf(o.from ?? spec), sequence: acc!.sequence },
  })
  return encodeTxRaw(t.registry, tx)
}

/** Code, codespace and log of CheckTx on a branch of the check state (nothing is kept). */
async function check(bytes: Bytes) {
  const r = await t.tx.mempool.dryCheck(bytes)
  return { code: r.code, codespace: r.codespace, log: r.log }
}

/** Upstream's failure text when some member signature is not amino-signed. */
const directFailure = (spec: MultisigSpec, why: string) =>
  `signature verification failed; please verify account number (${numberOf(spec)}) and chain-id (${CHAIN_ID}): (${why}): unauthorized`

const direct = { mode: SIGN_MODE_DIRECT }

describe('multisig accounts in the ante handler', () => {
  test('behavior: a 2-of-3 signed by members 0 and 2 in amino-json is included, moves the coins, stores its LegacyAminoPubKey and raises its sequence once', async () => {
    const before = await t.balance(alice.addressBytes)
    const bytes = await send(twoOfThree, { signers: [0, 2] })
    expect(await t.tx.mempool.checkTx(bytes)).toMatchObject({ code: 0, log: '' })
    const block = await t.block()
    expect(block.results.map((r) => [r.code, r.log])).toEqual([[0, '']])
    expect(await t.balance(alice.addressBytes)).toBe(before + 10n)
    const acc = await chainAccount(twoOfThree)
    expect(acc!.sequence).toBe(1n)
    expect(acc!.pubKey).toEqual(multisigAny(t.registry, twoOfThree))
    // The signature events: each member's signature, then the MultiSignature of them all.
    const raw = t.registry.decode('sdk.tx.v1beta1.TxRaw', bytes)
    const sigs = t.registry.decode('sdk.crypto.multisig.v1beta1.MultiSignature', raw.signatures[0]!)
    const signatureEvents = block.results[0]!.events.flatMap((e) =>
      e.attributes.filter((a) => e.type === 'tx' && a.key === 'signature').map((a) => a.value),
    )
    expect(signatureEvents).toEqual([...sigs.signatures, raw.signatures[0]!].map(toBase64))
    // Its next tx is checked against the stored key, in direct mode too.
    expect(await check(await send(twoOfThree, { signers: [1, 2], ...direct }))).toMatchObject({
      code: 0,
    })
  })

  test('behavior: a nested 1-of-2 member signs through its own bit array; a bit set past the bit array`s size is not a signer', async () => {
    expect(
      await check(await send(nested, { signers: [0, { index: 2, signers: [1] }] })),
    ).toMatchObject({ code: 0 })
    // Three bits stored in a byte whose fourth bit is set too: members 0 and 1 signed, nothing else.
    const bits = { extraBitsStored: 3, elems: Uint8Array.of(0b1101_0000) }
    expect(await check(await send(fresh, { signers: [0, 1], bits, ...direct }))).toMatchObject({
      code: 0,
    })
    // ... so a bit past the size does not make up the threshold.
    const outside = { extraBitsStored: 3, elems: Uint8Array.of(0b1001_0000) }
    expect(await check(await send(fresh, { signers: [0, 1], bits: outside, ...direct }))).toEqual({
      code: 4,
      codespace: 'sdk',
      log: directFailure(fresh, 'not enough signatures set, have 1, expected 2'),
    })
  })

  test('error: fewer signatures than the threshold, or fewer bits set, is unauthorized (4) with upstream`s reason', async () => {
    expect(await check(await send(twoOfThree, { signers: [0], ...direct }))).toEqual({
      code: 4,
      codespace: 'sdk',
      log: directFailure(twoOfThree, 'signature size is incorrect 1'),
    })
    const bits = compactBitsOf(3, [0])
    expect(await check(await send(twoOfThree, { signers: [0, 1], bits, ...direct }))).toEqual({
      code: 4,
      codespace: 'sdk',
      log: directFailure(twoOfThree, 'not enough signatures set, have 1, expected 2'),
    })
    // Every member signature amino-signed: upstream names the sequence and no reason.
    const seq = (await chainAccount(twoOfThree))!.sequence
    expect(await check(await send(twoOfThree, { signers: [0] }))).toEqual({
      code: 4,
      codespace: 'sdk',
      log: `signature verification failed; please verify account number (${numberOf(twoOfThree)}), sequence (${seq}) and chain-id (${CHAIN_ID}): unauthorized`,
    })
  })

  test('error: a member`s bad signature is unauthorized (4), naming the member`s index in the key', async () => {
    const spoil = (sigs: Bytes[]) =>
      sigs.map((s, i) => (i === 1 ? Uint8Array.from(s, (b, j) => (j === 5 ? b ^ 1 : b)) : s))
    expect(
      await check(await send(twoOfThree, { signers: [0, 2], editSignatures: spoil, ...direct })),
    ).toEqual({
      code: 4,
      codespace: 'sdk',
      log: directFailure(twoOfThree, 'unable to verify signature at index 2'),
    })
    const r = await check(await send(twoOfThree, { signers: [0, 2], editSignatures: spoil }))
    expect(r.code).toBe(4)
    expect(r.log).toMatch(
      /^signature verification failed; please verify account number \(\d+\), sequence \(\d+\) and chain-id \(tx-test\): unauthorized$/,
    )
  })

  test('error: a bit array of another size than the key`s members is unauthorized (4)', async () => {
    for (const bits of [
      compactBitsOf(4, [0, 1]),
      compactBitsOf(2, [0, 1]),
      compactBitsOf(8, [0, 1]),
    ]) {
      expect(await check(await send(twoOfThree, { signers: [0, 1], bits, ...direct }))).toEqual({
        code: 4,
        codespace: 'sdk',
        log: directFailure(twoOfThree, 'bit array size is incorrect, expecting: 3'),
      })
    }
  })

  test('error: a multisig of more keys than tx_sig_limit is too many signatures (14)', async () => {
    expect(await check(await send(twoOfEight, { signers: [0, 1] }))).toEqual({
      code: 14,
      codespace: 'sdk',
      log: 'signatures: 8, limit: 7: maximum number of signatures exceeded',
    })
  })

  test('error: a multisig key that is not the signer`s is invalid pubkey (8)', async () => {
    expect(await check(await send(fresh, { signers: [0, 1], from: twoOfThree }))).toEqual({
      code: 8,
      codespace: 'sdk',
      log: `pubKey does not match signer address ${accountOf(twoOfThree).address} with signer index: 0: invalid pubkey`,
    })
  })

  test('behavior: verification gas is charged per set bit (1000 each for secp256k1, nested ones counted); an ed25519 member that signs is charged 590, then refused (8)', async () => {
    const gas = async (bytes: Bytes) => (await t.tx.mempool.dryCheck(bytes)).gasUsed
    const two = await send(twoOfThree, { signers: [0, 1], ...direct })
    const three = await send(twoOfThree, { signers: [0, 1, 2], ...direct })
    expect(await check(three)).toMatchObject({ code: 0 })
    expect((await gas(three)) - (await gas(two))).toBe(
      1000n + 10n * BigInt(three.length - two.length),
    )
    const flat = await send(nested, { signers: [0, 1], ...direct })
    const deep = await send(nested, { signers: [0, { index: 2, signers: [0] }], ...direct })
    expect(await check(deep)).toMatchObject({ code: 0 })
    expect((await gas(deep)) - (await gas(flat))).toBe(10n * BigInt(deep.length - flat.length))
    // ed25519: unset costs nothing and passes; set is charged, then refused.
    expect(await check(await send(withEd25519, { signers: [0], ...direct }))).toMatchObject({
      code: 0,
    })
    const signed = await send(withEd25519, { signers: [1], ...direct })
    expect(await check(signed)).toEqual({
      code: 8,
      codespace: 'sdk',
      log: 'ED25519 public keys are unsupported: invalid pubkey',
    })
    const used = await gas(signed)
    const short = await check(await send(withEd25519, { signers: [1], gas: used - 1n, ...direct }))
    expect(short.code).toBe(11)
    expect(short.log).toMatch(/^out of gas in location: ante verify: ed25519; /)
  })

  test('behavior: simulation of an empty multi-signature (no bit array, as upstream`s BuildSimTx) charges no verification, and estimates a missing signature as upstream', async () => {
    /** Simulates a send from `spec` with these member signatures and bit array (none: no bit array at all). */
    const sim = async (spec: MultisigSpec, signatures: Bytes[], bits?: CompactBits) => {
      const tx = await send(spec, {
        signers: [0, 1],
        editSignatures: () => signatures,
        ...(bits ? { bits } : {}),
      })
      const raw = t.registry.decode('sdk.tx.v1beta1.TxRaw', tx)
      const authInfo = t.registry.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes)
      if (!bits) authInfo.signer_infos[0]!.mode_info!.multi!.bitarray = null
      const authInfoBytes = t.registry.encode('sdk.tx.v1beta1.AuthInfo', authInfo)
      const bytes = t.registry.encode('sdk.tx.v1beta1.TxRaw', {
        ...raw,
        auth_info_bytes: authInfoBytes,
      })
      return { length: BigInt(bytes.length), gas: (await t.tx.mempool.simulate(bytes)).gasUsed }
    }
    const empty = [new Uint8Array(), new Uint8Array()]
    const twoBits = compactBitsOf(3, [0, 1])
    for (const [spec, missing] of [
      // an account without a key yet: a secp256k1 StdSignature's 106 bytes + 6
      [fresh, 112n],
      // one holding its 2-of-3 key: a StdSignature of it (1 + 1 + 126 + 66 bytes) + 6, times tx_sig_limit 7
      [twoOfThree, 200n * 7n],
    ] as const) {
      const a = await sim(spec, empty)
      // two bits set: 2 × 1000 for verification, and the bit array's bytes
      const b = await sim(spec, empty, twoBits)
      expect(b.gas - a.gas).toBe(2000n + 10n * (b.length - a.length))
      // signed: verification, and the signatures' bytes instead of the estimate of a missing one
      const c = await sim(spec, await signedSigs(spec), twoBits)
      // (and the account read upstream makes for a missing signature only)
      expect(a.gas - (c.gas - 2000n)).toBe(
        10n * missing + 10n * (a.length - c.length) + (await accountReadGas(spec)),
      )
    }
  })

  test('error: a multi-signature upstream cannot read: a single mode for a multisig key (1), unknown fields (1), more mode infos than signatures (111222, a recovered panic)', async () => {
    const single = await send(fresh, {
      signers: [0, 1],
      editSignatures: (sigs) => sigs,
    })
    const raw = t.registry.decode('sdk.tx.v1beta1.TxRaw', single)
    const authInfo = t.registry.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes)
    authInfo.signer_infos[0]!.mode_info = {
      single: { mode: SIGN_MODE_LEGACY_AMINO_JSON },
      multi: null,
    } as never
    const withInfo = (info: typeof authInfo, sig?: Bytes) =>
      t.registry.encode('sdk.tx.v1beta1.TxRaw', {
        ...raw,
        auth_info_bytes: t.registry.encode('sdk.tx.v1beta1.AuthInfo', info),
        signatures: sig ? [sig] : raw.signatures,
      })
    expect(await check(withInfo(authInfo))).toEqual({
      code: 1,
      codespace: 'undefined',
      log: 'expected *signing.MultiSignatureData, got, *signing.SingleSignatureData',
    })
    const unknown = Uint8Array.of(...raw.signatures[0]!, 0x10, 0x01)
    expect(
      await check(
        withInfo(t.registry.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes), unknown),
      ),
    ).toEqual({
      code: 1,
      codespace: 'undefined',
      log: 'rejecting unrecognized fields found in MultiSignature',
    })
    const oneSig = multiSignature(t.registry, [new Uint8Array(64)])
    expect(
      await check(
        withInfo(t.registry.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes), oneSig),
      ),
    ).toEqual({
      code: 111222,
      codespace: 'undefined',
      log: 'recovered: runtime error: index out of range [1] with length 1: panic',
    })
  })
})

/** What reading `spec`'s account costs: 1000, and 3 per byte of its key (21 bytes) and value. */
async function accountReadGas(spec: MultisigSpec): Promise<bigint> {
  const acc = (await chainAccount(spec))!
  const stored = t.registry.packAny('/sdk.auth.v1beta1.BaseAccount', {
    address: accountOf(spec).address,
    pub_key: acc.pubKey ?? null,
    account_number: acc.accountNumber.toString(),
    sequence: acc.sequence.toString(),
  })
  const value = t.registry.encode('google.protobuf.Any', stored)
  return 1000n + 3n * BigInt(21 + value.length)
}

/** The members' signatures of a send from `spec` signed by members 0 and 1. */
async function signedSigs(spec: MultisigSpec): Promise<Bytes[]> {
  const raw = t.registry.decode('sdk.tx.v1beta1.TxRaw', await send(spec, { signers: [0, 1] }))
  return t.registry.decode('sdk.crypto.multisig.v1beta1.MultiSignature', raw.signatures[0]!)
    .signatures
}
