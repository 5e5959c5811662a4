import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { protoRegistry } from '../../codec/proto.js'
import { exportBankGenesis, initBankGenesis, parseBankGenesis } from './genesis.js'
import { BankKeeper } from './keeper.js'

// x/bank ExportGenesis (upstream x/bank/keeper/genesis.go): params, the balances of each address
// in the store's key order, the total supply, denom metadata and send-enabled flags by denom.

const registry = protoRegistry()
// 20-byte addresses filled with one byte, a module account's, and a 32-byte one (01…).
const bob = 'sdk1q5zs2pg9q5zs2pg9q5zs2pg9q5zs2pg9kwvfxr' // 05…
const alice = 'sdk1pg9q5zs2pg9q5zs2pg9q5zs2pg9q5zs2ek7az6' // 0a…
const distribution = 'sdk1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8jkgtw2' // 9335…
const carol = 'sdk1crqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqm6usq6' // c0…
const long = 'sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs7rdqmn' // 0101… (32 bytes)

const stakeMetadata = {
  description: 'The staking token',
  denom_units: [
    { denom: 'stake', exponent: 0, aliases: [] },
    { denom: 'mstake', exponent: 3, aliases: ['millistake'] },
  ],
  base: 'stake',
  display: 'mstake',
  name: 'Stake',
  symbol: 'STAKE',
  uri: '',
  uri_hash: '',
}
const uatomMetadata = {
  description: 'The native staking token of the Cosmos Hub',
  denom_units: [
    { denom: 'uatom', exponent: 0, aliases: ['microatom'] },
    { denom: 'atom', exponent: 6, aliases: [] },
  ],
  base: 'uatom',
  display: 'atom',
  name: 'Cosmos Hub Atom',
  symbol: 'ATOM',
  uri: 'https://example.com/atom.json',
  uri_hash: 'abcd',
}

/**
 * A rich section as a genesis file may hold it: balances in no order, a deprecated
 * `params.send_enabled` list (InitGenesis moves it to the per-denom flags), metadata in no order.
 */
const imported = {
  params: {
    send_enabled: [
      { denom: 'legacy', enabled: false },
      { denom: 'stake', enabled: false },
    ],
    default_send_enabled: false,
  },
  balances: [
    { address: carol, coins: [{ denom: 'stake', amount: '30' }] },
    { address: long, coins: [{ denom: 'uatom', amount: '7' }] },
    {
      address: alice,
      coins: [
        { denom: 'atom', amount: '5' },
        { denom: 'stake', amount: '100' },
        { denom: 'uatom', amount: '1' },
      ],
    },
    { address: bob, coins: [{ denom: 'stake', amount: '20' }] },
    { address: distribution, coins: [{ denom: 'stake', amount: '3' }] },
  ],
  supply: [
    { denom: 'atom', amount: '5' },
    { denom: 'stake', amount: '153' },
    { denom: 'uatom', amount: '8' },
  ],
  denom_metadata: [uatomMetadata, stakeMetadata],
  send_enabled: [
    { denom: 'uatom', enabled: false },
    { denom: 'stake', enabled: true },
    { denom: 'atom', enabled: true },
  ],
}

/**
 * What ExportGenesis writes: the params without their deprecated list, the balances in store key
 * order (the address length-prefixed: the 20-byte addresses by their bytes, then the 32-byte one),
 * coins and supply by denom, metadata by base denom, the flags by denom (`legacy` from the params;
 * `stake` kept as the section's own entry says).
 */
const exported = {
  params: { send_enabled: [], default_send_enabled: false },
  balances: [
    { address: bob, coins: [{ denom: 'stake', amount: '20' }] },
    {
      address: alice,
      coins: [
        { denom: 'atom', amount: '5' },
        { denom: 'stake', amount: '100' },
        { denom: 'uatom', amount: '1' },
      ],
    },
    { address: distribution, coins: [{ denom: 'stake', amount: '3' }] },
    { address: carol, coins: [{ denom: 'stake', amount: '30' }] },
    { address: long, coins: [{ denom: 'uatom', amount: '7' }] },
  ],
  supply: [
    { denom: 'atom', amount: '5' },
    { denom: 'stake', amount: '153' },
    { denom: 'uatom', amount: '8' },
  ],
  denom_metadata: [
    {
      description: 'The staking token',
      denom_units: [
        { denom: 'stake', exponent: 0, aliases: [] },
        { denom: 'mstake', exponent: 3, aliases: ['millistake'] },
      ],
      base: 'stake',
      display: 'mstake',
      name: 'Stake',
      symbol: 'STAKE',
      uri: '',
      uri_hash: '',
    },
    {
      description: 'The native staking token of the Cosmos Hub',
      denom_units: [
        { denom: 'uatom', exponent: 0, aliases: ['microatom'] },
        { denom: 'atom', exponent: 6, aliases: [] },
      ],
      base: 'uatom',
      display: 'atom',
      name: 'Cosmos Hub Atom',
      symbol: 'ATOM',
      uri: 'https://example.com/atom.json',
      uri_hash: 'abcd',
    },
  ],
  send_enabled: [
    { denom: 'atom', enabled: true },
    { denom: 'legacy', enabled: false },
    { denom: 'stake', enabled: true },
    { denom: 'uatom', enabled: false },
  ],
}

/** Validates and imports a section into a fresh state, then exports it. */
async function roundTrip(section: unknown) {
  const keeper = new BankKeeper({ registry })
  const ctx = genesisContext()
  initBankGenesis(ctx, keeper, parseBankGenesis(registry, section))
  return exportBankGenesis(ctx.state, keeper, registry)
}

describe('bank ExportGenesis', () => {
  test('import then export: balances, supply, metadata and flags in key order', async () => {
    const out = await roundTrip(imported)
    expect(out).toEqual(exported)
    // Field order as upstream's JSON writes it (protobuf field order).
    expect(JSON.stringify(out)).toBe(JSON.stringify(exported))
  })

  test('the exported section imports back to the same export', async () => {
    const first = await roundTrip(imported)
    const second = await roundTrip(JSON.parse(JSON.stringify(first)))
    expect(second).toEqual(first)
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })

  test('an address whose coins all went is not listed; an empty store exports the defaults', async () => {
    const keeper = new BankKeeper({ registry })
    const ctx = genesisContext()
    initBankGenesis(ctx, keeper, parseBankGenesis(registry, imported))
    // bob spends everything: his balance entries are removed, as upstream never keeps zeros.
    await keeper.sendCoins(ctx.state, new Uint8Array(20).fill(5), new Uint8Array(20).fill(0x0a), [
      { denom: 'stake', amount: 20n },
    ])
    const out = (await exportBankGenesis(ctx.state, keeper, registry)) as typeof exported
    expect(out.balances.map((b) => b.address)).toEqual([alice, distribution, carol, long])
    expect(out.balances[0]!.coins).toContainEqual({ denom: 'stake', amount: '120' })

    expect(
      await exportBankGenesis(genesisContext().state, new BankKeeper({ registry }), registry),
    ).toEqual({
      params: { send_enabled: [], default_send_enabled: true },
      balances: [],
      supply: [],
      denom_metadata: [],
      send_enabled: [],
    })
  })
})
