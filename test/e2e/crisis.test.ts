import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, moduleAddress } from '../../src/codec/address.js'
import {
  createDevnetHome,
  type DevnetHome,
  heightOf,
  type RunningNode,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import { heightAtLeast, rpcCall } from '../helpers/sdkd.js'

/**
 * x/crisis's MsgVerifyInvariant through `sdkd tx crisis invariant-broken` on a real v1 devnet (the
 * app version that has x/crisis), started with `--inv-check-period 0` so that an out-of-band edit
 * can leave an invariant broken for the message to find.
 */

const FEE_COLLECTOR = addressToBech32(moduleAddress('fee_collector'))
const DISTRIBUTION = addressToBech32(moduleAddress('distribution'))

let home: DevnetHome
let node: RunningNode

beforeAll(async () => {
  home = await createDevnetHome('crisis-e2e', {}, 'v1')
  node = await startDevnetNode(home, 'v1', '200ms', ['--inv-check-period', '0'])
}, 60_000)

afterAll(async () => {
  await node?.p.stop()
  await home?.cleanup()
})

type Event = { type: string; attributes: { key: string; value: string }[] }
const attrs = (e: Event) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))

describe('sdkd tx crisis invariant-broken', () => {
  test('behavior: an invariant that holds: code 0, `invariant{route}`, the constant fee paid to the fee collector', async () => {
    const res = await tx(
      home,
      node,
      ['crisis', 'invariant-broken', 'bank', 'total-supply'],
      'alice',
    )
    expect(res.code).toBe(0)
    const events = res.events as Event[]
    expect(events.filter((e) => e.type === 'invariant').map(attrs)).toEqual([
      { route: 'total-supply', msg_index: '0' },
    ])
    const alice = home.accounts.alice!.address
    expect(
      events
        .filter((e) => e.type === 'transfer')
        .map(attrs)
        .some(
          (a) =>
            a.sender === alice &&
            a.recipient === FEE_COLLECTOR &&
            a.amount === '1000stake' &&
            a.msg_index === '0',
        ),
    ).toBe(true)
  })

  test('error: a route no module registered is crisis 3 `unknown invariant`', async () => {
    const res = await tx(
      home,
      node,
      ['crisis', 'invariant-broken', 'bank', 'no-such-route'],
      'alice',
    )
    expect(res.code).toBe(3)
    expect(res.codespace).toBe('crisis')
    expect(res.raw_log).toBe('failed to execute message; message index: 0: unknown invariant')
  })

  test('error: a broken invariant fails the tx with code 111222 and its message; the chain goes on', async () => {
    // Out of band: the distribution account holds far more than it owes (its rewards keep adding).
    const edit = await rpcCall(node.rpcPort, 'dev_setBalance', {
      address: DISTRIBUTION,
      coins: '999999999999999stake',
    })
    expect(edit.error).toBeUndefined()
    const res = await tx(
      home,
      node,
      ['crisis', 'invariant-broken', 'distribution', 'module-account'],
      'alice',
    )
    expect(res.code).toBe(111222)
    expect(res.codespace).toBe('undefined')
    expect(res.raw_log).toMatch(
      /^recovered: distribution: ModuleAccount coins invariant\n\texpected ModuleAccount coins: {5}\d+stake\n\tdistribution ModuleAccount coins: 1000000\d{9}stake\n\n: panic$/,
    )
    await heightAtLeast(node.rpcPort, (await heightOf(node)) + 2)
  })
})
