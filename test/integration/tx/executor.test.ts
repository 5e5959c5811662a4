import { describe, expect, test } from 'vitest'
import type { Event } from '../../../src/block/events.js'
import { signSecp256k1 } from '../../../src/client/keyring.js'
import {
  createUnsignedTx,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  pubKeyAny,
} from '../../../src/client/tx-builder.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../../src/codec/address.js'
import { toBase64, toHex } from '../../../src/codec/bytes.js'
import { signBytes } from '../../../src/codec/sign-doc.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../../../src/versions/index.js'
import { CHAIN_ID, stakeFee as fee, txNodePerTest } from '../../helpers/tx-node.js'

const node = txNodePerTest()
const flat = (events: Event[]) =>
  events.map((e) => `${e.type}{${e.attributes.map((a) => `${a.key}=${a.value}`).join(',')}}`)

describe('DeliverTx', () => {
  test('behavior: a send moves coins, pays the fee collector, and emits upstream events in order', async () => {
    const t = await node()
    const bytes = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '100stake')], {
      fee: fee(200n),
    })
    expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
    const block = await t.block()
    const r = block.results[0]!
    expect(r.code).toBe(0)
    expect(r.log).toBe('')
    // TxMsgData{msg_responses: [Any{/sdk.bank.v1beta1.MsgSendResponse}]}
    expect(toHex(r.data)).toBe(
      `1223${Buffer.from('\n!/sdk.bank.v1beta1.MsgSendResponse').toString('hex')}`,
    )
    const a = t.alice.address
    const b = t.bob.address
    const fc = addressToBech32(moduleAddress('fee_collector'))
    expect(flat(r.events)).toEqual([
      `coin_spent{spender=${a},amount=200stake}`,
      `coin_received{receiver=${fc},amount=200stake}`,
      `transfer{recipient=${fc},sender=${a},amount=200stake}`,
      `message{sender=${a}}`,
      `tx{fee=200stake,fee_payer=${a}}`,
      `tx{acc_seq=${a}/0}`,
      `tx{signature=${toBase64(t.registry.decode('sdk.tx.v1beta1.TxRaw', bytes).signatures[0])}}`,
      `message{action=/sdk.bank.v1beta1.MsgSend,sender=${a},module=bank,msg_index=0}`,
      `coin_spent{spender=${a},amount=100stake,msg_index=0}`,
      `coin_received{receiver=${b},amount=100stake,msg_index=0}`,
      `transfer{recipient=${b},sender=${a},amount=100stake,msg_index=0}`,
      `message{sender=${a},msg_index=0}`,
    ])
    expect(await t.balance(t.alice.addressBytes)).toBe(1_000_000n - 300n)
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n + 100n)
    expect(await t.balance(moduleAddress('fee_collector'))).toBe(200n)
  })

  test('behavior: a failing message keeps the fee and the sequence, and nothing of the message', async () => {
    const t = await node()
    const bytes = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '5000000stake')], {
      fee: fee(200n),
    })
    expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
    const r = (await t.block()).results[0]!
    expect(r).toMatchObject({ code: 5, codespace: 'sdk', data: new Uint8Array() })
    expect(r.log).toBe(
      'failed to execute message; message index: 0: spendable balance 999800stake is smaller than 5000000stake: insufficient funds',
    )
    // only the ante handler's events: fee and signature
    expect(flat(r.events).map((e) => e.split('{')[0])).toEqual([
      'coin_spent',
      'coin_received',
      'transfer',
      'message',
      'tx',
      'tx',
      'tx',
    ])
    expect(await t.balance(t.alice.addressBytes)).toBe(1_000_000n - 200n)
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n)
    // the sequence moved: the next tx must use 1
    const next = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 1n,
      fee: fee(1n),
    })
    expect((await t.tx.mempool.checkTx(next)).code).toBe(0)
  })

  test('behavior: a tx whose ante fails in the block is charged nothing', async () => {
    // Both pass CheckTx (messages do not run there); in the block the first empties the account.
    const t = await node()
    const first = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '999000stake')], {
      fee: fee(500n),
    })
    const second = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      sequence: 1n,
      fee: fee(600n),
    })
    expect((await t.tx.mempool.checkTx(first)).code).toBe(0)
    expect((await t.tx.mempool.checkTx(second)).code).toBe(0)
    const { results } = await t.block()
    expect(results[0]!.code).toBe(0)
    expect(results[1]).toMatchObject({ code: 5, events: [] })
    expect(results[1]!.log).toBe(
      'spendable balance 500stake is smaller than 600stake: insufficient funds: insufficient funds',
    )
    expect(await t.balance(t.alice.addressBytes)).toBe(500n)
  })

  test('behavior: the first receipt creates the recipient account; MultiSend pays several outputs', async () => {
    const t = await node()
    const carol = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f'
    const dave = 'sdk1qgpqyqszqgpqyqszqgpqyqszqgpqyqszk7tvpl'
    const multi = t.registry.packAny('/sdk.bank.v1beta1.MsgMultiSend', {
      inputs: [{ address: t.alice.address, coins: [{ denom: 'stake', amount: '30' }] }],
      outputs: [
        { address: carol, coins: [{ denom: 'stake', amount: '10' }] },
        { address: dave, coins: [{ denom: 'stake', amount: '20' }] },
      ],
    })
    const accountOf = (address: string) =>
      t.node.router.run(
        t.node.router.byPath('/sdk.auth.v1beta1.Query/Account')!,
        { address },
        t.node.producer.height,
      )
    await expect(accountOf(dave)).rejects.toThrow(`account ${dave} not found`)
    expect((await t.tx.mempool.checkTx(t.signed(t.alice, [multi], { fee: fee(1n) }))).code).toBe(0)
    const r = (await t.block()).results[0]!
    expect(r.code).toBe(0)
    for (const address of [carol, dave])
      expect((await accountOf(address)).account.type_url).toBe('/sdk.auth.v1beta1.BaseAccount')
    expect(await t.balance(bech32ToAddress(carol))).toBe(10n)
    expect(await t.balance(bech32ToAddress(dave))).toBe(20n)
    expect(await t.balance(t.alice.addressBytes)).toBe(1_000_000n - 30n - 1n)
  })

  test('behavior: a fee payer other than the sender signs too and pays the fee', async () => {
    const t = await node()
    // Both signer infos are in auth_info before anyone signs (SIGN_MODE_DIRECT signs them all).
    const tx = createUnsignedTx({
      messages: [t.msgSend(t.alice, t.bob.address, '5stake')],
      fee: { amount: [{ denom: 'stake', amount: 300n }], gasLimit: 200_000n, payer: t.bob.address },
    })
    tx.auth_info!.signer_infos = [t.alice, t.bob].map((k) => ({
      public_key: pubKeyAny(t.registry, k.pubKey),
      mode_info: { single: { mode: 1 } },
      sequence: '0',
    }))
    const bodyBytes = encodeTxBody(t.registry, tx)
    const authInfoBytes = encodeAuthInfo(t.registry, tx)
    tx.signatures = [t.alice, t.bob].map((k, i) =>
      signSecp256k1(
        k.privateKey,
        signBytes(t.registry, {
          bodyBytes,
          authInfoBytes,
          chainId: CHAIN_ID,
          accountNumber: BigInt(i),
        }),
      ),
    )
    expect((await t.tx.mempool.checkTx(encodeTxRaw(t.registry, tx))).code).toBe(0)
    const r = (await t.block()).results[0]!
    expect(r.code).toBe(0)
    expect(flat(r.events)).toContain(`tx{fee=300stake,fee_payer=${t.bob.address}}`)
    expect(await t.balance(t.alice.addressBytes)).toBe(1_000_000n - 5n)
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n + 5n - 300n)
  })

  test('error: a message type this app version has no handler for is unknown request (6)', async () => {
    const base = APP_VERSIONS[DEFAULT_APP_VERSION]!
    APP_VERSIONS['no-multisend'] = (deps) => {
      const v = base(deps)
      return {
        ...v,
        name: 'no-multisend',
        modules: v.modules.map((m) =>
          m.name !== 'bank'
            ? m
            : {
                ...m,
                registerServices: (cfg) =>
                  m.registerServices?.({
                    ...cfg,
                    registerMsg: (url, h) => {
                      if (!url.endsWith('MsgMultiSend')) cfg.registerMsg(url, h)
                    },
                  }),
              },
        ),
      }
    }
    try {
      const t = await node({ appVersion: 'no-multisend' })
      const multi = t.registry.packAny('/sdk.bank.v1beta1.MsgMultiSend', {
        inputs: [{ address: t.alice.address, coins: [{ denom: 'stake', amount: '1' }] }],
        outputs: [{ address: t.bob.address, coins: [{ denom: 'stake', amount: '1' }] }],
      })
      const r = await t.tx.mempool.checkTx(t.signed(t.alice, [multi], { fee: fee(1n) }))
      expect(r).toMatchObject({
        code: 6,
        codespace: 'sdk',
        log: 'no message handler found for *types.MsgMultiSend: unknown request',
      })
    } finally {
      delete APP_VERSIONS['no-multisend']
    }
  })

  test('error: minimum-gas-prices: a fee below price × gas is insufficient fee (13) in CheckTx', async () => {
    const t = await node({ app: (a) => (a.minimumGasPrices = '0.01stake') })
    const low = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      fee: fee(100n),
      gas: 200_000n,
    })
    expect(await t.tx.mempool.checkTx(low)).toMatchObject({
      code: 13,
      codespace: 'sdk',
      log: 'insufficient fees; got: 100stake required: 2000stake: insufficient fee',
    })
    const enough = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '1stake')], {
      fee: fee(2000n),
      gas: 200_000n,
    })
    expect((await t.tx.mempool.checkTx(enough)).code).toBe(0)
  })

  test('behavior: simulation reports gas without a signature and keeps nothing', async () => {
    const t = await node()
    const bytes = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '7stake')], {
      fee: fee(1n),
      edit: (tx) => ({ ...tx, signatures: [new Uint8Array()] }),
    })
    const sim = await t.tx.mempool.simulate(bytes)
    expect(sim.gasWanted).toBe(2n ** 64n - 1n)
    expect(sim.gasUsed).toBeGreaterThan(40_000n)
    expect(sim.msgResponses.map((r) => r.type_url)).toEqual(['/sdk.bank.v1beta1.MsgSendResponse'])
    expect(flat(sim.events).at(-1)).toBe(`message{sender=${t.alice.address},msg_index=0}`)
    const bad = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '7stake')], { sequence: 4n })
    await expect(t.tx.mempool.simulate(bad)).rejects.toThrow(
      /^account sequence mismatch, expected 0, got 4: incorrect account sequence with gas used: '\d+'$/,
    )
    const { results } = await t.block()
    expect(results).toEqual([])
    expect(await t.balance(t.bob.addressBytes)).toBe(1_000_000n)
    expect(await t.balance(t.alice.addressBytes)).toBe(1_000_000n)
    // alice's sequence did not move: a tx at sequence 0 still passes.
    const atZero = t.signed(t.alice, [t.msgSend(t.alice, t.bob.address, '7stake')], {
      fee: fee(1n),
    })
    expect((await t.tx.mempool.checkTx(atZero)).code).toBe(0)
  })
})
