import { afterAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  startDevnetNode,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd tx bank multi-send <from> <to>… <amount> [--split]`, as upstream's NewMultiSendTxCmd: the
 * MsgMultiSend it builds (`--generate-only`), and what it moves on a running devnet.
 */

const cleanups = cleanupAfterAll()
let node: RunningNode | undefined
afterAll(async () => node?.p.stop())

async function devnet(): Promise<DevnetHome> {
  const home = await createDevnetHome('multi-send')
  cleanups.push(home.cleanup)
  return home
}

describe('sdkd tx bank multi-send', () => {
  test('behavior: the amount to each address, or with --split an equal share (truncated) of it', async () => {
    const home = await devnet()
    const { alice, bob, account3 } = home.accounts
    const generated = async (...args: string[]) => {
      const r = await runSdkd([
        '--home',
        home.dir,
        'tx',
        'bank',
        'multi-send',
        'alice',
        ...args,
        '--generate-only',
      ])
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout).body.messages
    }
    const to = [bob!.address, account3!.address]
    expect(await generated(...to, '10token,3stake')).toEqual([
      {
        '@type': '/sdk.bank.v1beta1.MsgMultiSend',
        inputs: [
          {
            address: alice!.address,
            coins: [
              { denom: 'stake', amount: '6' },
              { denom: 'token', amount: '20' },
            ],
          },
        ],
        outputs: to.map((address) => ({
          address,
          coins: [
            { denom: 'stake', amount: '3' },
            { denom: 'token', amount: '10' },
          ],
        })),
      },
    ])
    // 7token and 1stake over two: 3token each (6 sent), and no stake at all.
    const [split] = await generated(...to, '7token,1stake', '--split')
    expect(split.inputs).toEqual([
      { address: alice!.address, coins: [{ denom: 'token', amount: '6' }] },
    ])
    expect(split.outputs.map((o: any) => o.coins)).toEqual([
      [{ denom: 'token', amount: '3' }],
      [{ denom: 'token', amount: '3' }],
    ])

    node = await startDevnetNode(home, 'v2')
    const balance = async (address: string) => {
      const r = await runSdkd([
        '--home',
        home.dir,
        'query',
        'bank',
        'balance',
        address,
        'token',
        '--node',
        node!.rpc,
        '-o',
        'json',
      ])
      return BigInt(JSON.parse(r.stdout).balance.amount)
    }
    const before = await Promise.all([alice!.address, ...to].map(balance))
    const res = await txOk(
      home,
      node,
      ['bank', 'multi-send', 'alice', ...to, '7token', '--split'],
      'alice',
    )
    const after = await Promise.all([alice!.address, ...to].map(balance))
    expect(after.map((b, i) => b - before[i]!)).toEqual([-6n, 3n, 3n])
    // One transfer per output naming the sender too, as upstream v0.50.10 and later (the devnet
    // charges no fee, so there is no other transfer).
    const transfers = (res.events as { type: string; attributes: { key: string }[] }[])
      .filter((e) => e.type === 'transfer')
      .map((e) => e.attributes)
    expect(transfers).toEqual(
      to.map((recipient) => [
        { key: 'recipient', value: recipient, index: true },
        { key: 'sender', value: alice!.address, index: true },
        { key: 'amount', value: '3token', index: true },
        { key: 'msg_index', value: '0', index: true },
      ]),
    )
  })

  test('error: fewer than two addresses and a zero amount are refused before signing', async () => {
    const home = await devnet()
    const bob = home.accounts.bob!.address
    const send = (...args: string[]) =>
      runSdkd(['--home', home.dir, 'tx', 'bank', 'multi-send', 'alice', ...args, '--generate-only'])
    const one = await send(bob, '10token')
    expect(one.code).toBe(1)
    expect(one.stderr).toMatch(/^Error: requires at least 4 arg\(s\), only received 3: /)
    const zero = await send(bob, home.accounts.account3!.address, '0token')
    expect(zero.code).toBe(1)
    expect(zero.stderr).toBe('Error: must send positive amount\n')
    const name = await send(bob, 'carol', '1token')
    expect(name.code).toBe(1)
    expect(name.stderr).toMatch(/^Error: decoding bech32 failed/)
  })
})
