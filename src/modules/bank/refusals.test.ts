import { describe, expect, test } from 'vitest'
import {
  account,
  type GovChain,
  genesisState,
  govChainPerTest,
} from '../../../test/helpers/gov-chain.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'

// x/bank's msg-server refusals (docs/transactions.md, "auth and bank"): `<denom> transfers are currently
// disabled`, `sdk1… is not allowed to receive funds` for the fee collector, `invalid from address:
// …`. The messages run on the real v1 app over LevelDB (GovChain), as a tx's message would.

const SEND = '/sdk.bank.v1beta1.MsgSend'
const MULTI = '/sdk.bank.v1beta1.MsgMultiSend'
const ALICE = account(1)
const BOB = account(2)
const FEE_COLLECTOR = addressToBech32(moduleAddress('fee_collector'))

const chains = govChainPerTest()

/** A chain where ALICE holds 1000stake and 1000token, with the given bank genesis fields. */
async function start(bank: Record<string, unknown> = {}): Promise<GovChain> {
  const state = genesisState({ balances: {} }) as Record<string, Record<string, unknown>>
  state.bank = {
    balances: [
      {
        address: ALICE,
        coins: [
          { denom: 'stake', amount: '1000' },
          { denom: 'token', amount: '1000' },
        ],
      },
    ],
    ...bank,
  }
  return chains.create(state)
}

const coins = (text: string) =>
  text.split(',').map((c) => {
    const [, amount, denom] = /^(\d+)(.+)$/.exec(c)!
    return { denom: denom!, amount: amount! }
  })

/** `codespace/code: message` of a MsgSend that fails, or `ok`. */
async function send(c: GovChain, from: string, to: string, amount: string): Promise<string> {
  const { results } = await c.block([
    { typeUrl: SEND, value: { from_address: from, to_address: to, amount: coins(amount) } },
  ])
  const r = results[0]!
  if (r.ok) return 'ok'
  const { codespace, code } = r.error!.abci()
  return `${codespace}/${code}: ${r.error!.message}`
}

async function balances(c: GovChain, address: string): Promise<string> {
  const r = await c.query('sdk.bank.v1beta1.Query/AllBalances', { address })
  return (r.balances as { denom: string; amount: string }[])
    .map((b) => `${b.amount}${b.denom}`)
    .join(',')
}

describe('MsgSend refusals', () => {
  test('error: a denom with send_enabled false in genesis is refused (bank 5); other denoms still move', async () => {
    const c = await start({ send_enabled: [{ denom: 'token', enabled: false }] })
    expect(await send(c, ALICE, BOB, '5token')).toBe(
      'bank/5: token transfers are currently disabled: send transactions are disabled',
    )
    expect(await c.query('sdk.bank.v1beta1.Query/SendEnabled', { denoms: ['token'] })).toEqual({
      send_enabled: [{ denom: 'token', enabled: false }],
      pagination: null,
    })
    // A send holding a disabled denom is refused whole: its stake does not move either.
    expect(await send(c, ALICE, BOB, '5stake,5token')).toBe(
      'bank/5: token transfers are currently disabled: send transactions are disabled',
    )
    expect(await balances(c, BOB)).toBe('')
    expect(await send(c, ALICE, BOB, '5stake')).toBe('ok')
    expect(await balances(c, BOB)).toBe('5stake')
    expect(await balances(c, ALICE)).toBe('995stake,1000token')
  })

  test('error: the deprecated params.send_enabled list counts too; the section’s own entry wins for a denom in both', async () => {
    const c = await start({
      params: {
        default_send_enabled: true,
        send_enabled: [
          { denom: 'token', enabled: false },
          { denom: 'stake', enabled: false },
        ],
      },
      send_enabled: [{ denom: 'stake', enabled: true }],
    })
    expect(await send(c, ALICE, BOB, '1token')).toBe(
      'bank/5: token transfers are currently disabled: send transactions are disabled',
    )
    expect(await send(c, ALICE, BOB, '1stake')).toBe('ok')
    // Params are stored without the deprecated list (upstream SetParams moves it out).
    expect(await c.query('sdk.bank.v1beta1.Query/Params')).toEqual({
      params: { send_enabled: [], default_send_enabled: true },
    })
  })

  test('error: default_send_enabled false refuses every denom without its own entry', async () => {
    const c = await start({
      params: { send_enabled: [], default_send_enabled: false },
      send_enabled: [{ denom: 'stake', enabled: true }],
    })
    expect(await send(c, ALICE, BOB, '1token')).toBe(
      'bank/5: token transfers are currently disabled: send transactions are disabled',
    )
    expect(await send(c, ALICE, BOB, '1stake')).toBe('ok')
    expect(await balances(c, BOB)).toBe('1stake')
  })

  test('error: the fee collector may not receive funds through MsgSend or MsgMultiSend (sdk 4)', async () => {
    const c = await start()
    expect(await send(c, ALICE, FEE_COLLECTOR, '5stake')).toBe(
      `sdk/4: ${FEE_COLLECTOR} is not allowed to receive funds: unauthorized`,
    )
    const { results } = await c.block([
      {
        typeUrl: MULTI,
        value: {
          inputs: [{ address: ALICE, coins: coins('10stake') }],
          outputs: [
            { address: BOB, coins: coins('5stake') },
            { address: FEE_COLLECTOR, coins: coins('5stake') },
          ],
        },
      },
    ])
    expect(results[0]!.error!.message).toBe(
      `${FEE_COLLECTOR} is not allowed to receive funds: unauthorized`,
    )
    expect(await balances(c, FEE_COLLECTOR)).toBe('')
    expect(await balances(c, BOB)).toBe('')
    expect(await balances(c, ALICE)).toBe('1000stake,1000token')
  })

  test('error: a from address that is empty, not bech32 or of another prefix is invalid from address (sdk 7)', async () => {
    const c = await start()
    const cosmos = addressToBech32(bech32ToAddress(ALICE), 'cosmos')
    expect(await send(c, cosmos, BOB, '1stake')).toBe(
      `sdk/7: invalid from address: hrp does not match bech32 prefix: expected 'sdk' got 'cosmos': internal logic error: invalid address`,
    )
    expect(await send(c, '', BOB, '1stake')).toBe(
      'sdk/7: invalid from address: empty address string is not allowed: invalid address: invalid address',
    )
    expect(await send(c, 'sdk1bad', BOB, '1stake')).toMatch(
      /^sdk\/7: invalid from address: decoding bech32 failed: .+: invalid address$/,
    )
    expect(await balances(c, ALICE)).toBe('1000stake,1000token')
  })
})

describe('MsgSetSendEnabled and MsgUpdateParams (governance)', () => {
  const GOV = addressToBech32(moduleAddress('gov'))
  const SET = '/sdk.bank.v1beta1.MsgSetSendEnabled'
  const PARAMS = '/sdk.bank.v1beta1.MsgUpdateParams'

  /** `codespace/code: message` of one message, or `ok`. */
  async function run(c: GovChain, typeUrl: string, value: Record<string, unknown>) {
    const r = (await c.block([{ typeUrl, value }])).results[0]!
    if (r.ok) return 'ok'
    const { codespace, code } = r.error!.abci()
    return `${codespace}/${code}: ${r.error!.message}`
  }
  const entries = async (c: GovChain) =>
    (await c.query('sdk.bank.v1beta1.Query/SendEnabled', {})).send_enabled

  test('error: another authority is gov 13; bad or repeated denoms are sdk 18 with upstream texts; nothing is written', async () => {
    const c = await start()
    expect(await run(c, SET, { authority: ALICE, send_enabled: [], use_default_for: [] })).toBe(
      `gov/13: invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    expect(
      await run(c, SET, {
        authority: GOV,
        send_enabled: [{ denom: 'x', enabled: false }],
        use_default_for: [],
      }),
    ).toBe('sdk/18: invalid SendEnabled denom "x": invalid denom: x: invalid request')
    expect(
      await run(c, SET, {
        authority: GOV,
        send_enabled: [{ denom: 'token', enabled: false }],
        use_default_for: ['1bad'],
      }),
    ).toBe('sdk/18: invalid UseDefaultFor denom "1bad": invalid denom: 1bad: invalid request')
    expect(await entries(c)).toEqual([])
    expect(
      await run(c, PARAMS, {
        authority: GOV,
        params: {
          send_enabled: [
            { denom: 'token', enabled: false },
            { denom: 'token', enabled: true },
          ],
          default_send_enabled: true,
        },
      }),
    ).toBe("undefined/1: duplicate send enabled parameter found: 'token'")
    expect(
      await run(c, PARAMS, {
        authority: BOB,
        params: { send_enabled: [], default_send_enabled: true },
      }),
    ).toMatch(/^gov\/13: invalid authority; expected /)
    expect(await entries(c)).toEqual([])
  })

  test('behavior: entries set and removed; params replaced with their deprecated list moved to entries', async () => {
    const c = await start()
    expect(
      await run(c, SET, {
        authority: GOV,
        send_enabled: [
          { denom: 'token', enabled: false },
          { denom: 'stake', enabled: true },
        ],
        use_default_for: [],
      }),
    ).toBe('ok')
    expect(await entries(c)).toEqual([
      { denom: 'stake', enabled: true },
      { denom: 'token', enabled: false },
    ])
    expect(await send(c, ALICE, BOB, '1token')).toBe(
      'bank/5: token transfers are currently disabled: send transactions are disabled',
    )
    // The same message may set one denom and return another to the default.
    expect(
      await run(c, SET, {
        authority: GOV,
        send_enabled: [{ denom: 'uatom', enabled: false }],
        use_default_for: ['token', 'stake'],
      }),
    ).toBe('ok')
    expect(await entries(c)).toEqual([{ denom: 'uatom', enabled: false }])
    expect(await send(c, ALICE, BOB, '1token')).toBe('ok')

    expect(
      await run(c, PARAMS, {
        authority: GOV,
        params: { send_enabled: [{ denom: 'token', enabled: true }], default_send_enabled: false },
      }),
    ).toBe('ok')
    expect(await c.query('sdk.bank.v1beta1.Query/Params')).toEqual({
      params: { send_enabled: [], default_send_enabled: false },
    })
    expect(await entries(c)).toEqual([
      { denom: 'token', enabled: true },
      { denom: 'uatom', enabled: false },
    ])
    // Default off: stake, which has no entry, no longer moves; token, enabled by its entry, does.
    expect(await send(c, ALICE, BOB, '1stake')).toBe(
      'bank/5: stake transfers are currently disabled: send transactions are disabled',
    )
    expect(await send(c, ALICE, BOB, '1token')).toBe('ok')
  })
})
