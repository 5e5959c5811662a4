import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTxTestNode, type TestAccount, testAccount } from '../../test/helpers/tx-node.js'
import { createUnsignedTx, encodeTxRaw } from '../client/tx-builder.js'
import { addressToBech32 } from '../codec/address.js'
import type { Bytes } from '../codec/bytes.js'
import { SIGN_MODE_DIRECT } from '../codec/sign-doc.js'
import { ED25519_PUBKEY_URL } from './pubkeys.js'

// A signer whose own key is ed25519 (upstream v0.50): the tx decodes, SetPubKey checks the key's
// address (sha256, first 20 bytes), and the signature's gas is charged before the key is refused.

type T = Awaited<ReturnType<typeof createTxTestNode>>
let t: T

const edKey = new Uint8Array(32).fill(21)
const edAddress = createHash('sha256').update(edKey).digest().subarray(0, 20)
/** The funded account whose address is the ed25519 key's. */
const edAccount: TestAccount = {
  addressBytes: new Uint8Array(edAddress),
  address: addressToBech32(new Uint8Array(edAddress)),
  privateKey: new Uint8Array(),
  pubKey: new Uint8Array(),
}
const alice = testAccount(1)

beforeAll(async () => {
  t = await createTxTestNode({
    funded: [
      { account: alice, coins: '1000000stake' },
      { account: edAccount, coins: '1000000stake' },
    ],
  })
  await t.block()
})
afterAll(() => t.close())

/** A send from `from` whose one signer info carries `key` as an ed25519 key. */
function sendWithEd25519Key(from: TestAccount, key: Bytes): Bytes {
  const tx = createUnsignedTx({
    messages: [t.msgSend(from, alice.address, '10stake')],
    fee: { amount: [{ denom: 'stake', amount: 200n }], gasLimit: 200_000n },
  })
  tx.auth_info!.signer_infos = [
    {
      public_key: {
        type_url: t.registry.typeUrl(ED25519_PUBKEY_URL),
        value: t.registry.encode('sdk.crypto.ed25519.PubKey', { key }),
      },
      mode_info: { single: { mode: SIGN_MODE_DIRECT } },
      sequence: 0,
    },
  ]
  tx.signatures = [new Uint8Array(64).fill(1)]
  return encodeTxRaw(t.registry, tx)
}

describe('a signer with an ed25519 key', () => {
  test('error: its key decodes and is refused after its gas: code 8, ED25519 public keys are unsupported', async () => {
    const r = await t.tx.mempool.dryCheck(sendWithEd25519Key(edAccount, edKey))
    expect([r.code, r.codespace, r.log]).toEqual([
      8,
      'sdk',
      'ED25519 public keys are unsupported: invalid pubkey',
    ])
    // The signature's cost (sig_verify_cost_ed25519, 590) is charged before the refusal.
    const mismatch = await t.tx.mempool.dryCheck(sendWithEd25519Key(alice, edKey))
    expect(r.gasUsed).toBeGreaterThan(590n)
    expect(r.gasUsed - mismatch.gasUsed).toBeGreaterThanOrEqual(590n)
  })

  test('error: an ed25519 key that is not the signer\u2019s is refused by SetPubKey with its address check', async () => {
    const r = await t.tx.mempool.dryCheck(sendWithEd25519Key(alice, edKey))
    expect([r.code, r.codespace, r.log]).toEqual([
      8,
      'sdk',
      `pubKey does not match signer address ${alice.address} with signer index: 0: invalid pubkey`,
    ])
  })

  test('error: an ed25519 key of the wrong size panics in its address, as upstream\u2019s, and the panic is recovered', async () => {
    const r = await t.tx.mempool.dryCheck(sendWithEd25519Key(edAccount, new Uint8Array(31).fill(3)))
    expect([r.code, r.codespace, r.log]).toEqual([
      111222,
      'undefined',
      'recovered: pubkey is incorrect size: panic',
    ])
  })
})
