import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import { addressToBech32 } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import type { SlashingStakingKeeper } from './expected-keepers.js'
import { exportSlashingGenesis, initSlashingGenesis, parseSlashingGenesis } from './genesis.js'
import { SlashingKeeper } from './keeper.js'
import { valconsPrefix } from './keys.js'
import { createSlashingModule } from './module.js'

// x/slashing ExportGenesis (upstream x/slashing/keeper/genesis.go): the params, every signing info
// in key order and, for each, the missed blocks of its bitmap (set bits only); InitGenesis takes it
// back and exports it again unchanged.

const registry = protoRegistry()
const valcons = (n: number) => addressToBech32(new Uint8Array(20).fill(n), valconsPrefix())

function keeper() {
  return new SlashingKeeper({ registry, staking: {} as SlashingStakingKeeper })
}

const params = {
  signed_blocks_window: '2000',
  min_signed_per_window: '0.500000000000000000',
  downtime_jail_duration: '600s',
  slash_fraction_double_sign: '0.050000000000000000',
  slash_fraction_downtime: '0.010000000000000000',
}

const info5 = {
  address: valcons(5),
  start_height: '3',
  index_offset: '1031',
  jailed_until: '1970-01-01T00:00:00Z',
  tombstoned: false,
  missed_blocks_counter: '3',
}
const info6 = {
  address: valcons(6),
  start_height: '0',
  index_offset: '12',
  jailed_until: '2024-03-01T12:00:00.250Z',
  tombstoned: true,
  missed_blocks_counter: '0',
}

/**
 * Imported: the signing infos out of key order; validator 5's misses in two bitmap chunks with a
 * cleared bit among them; validator 6 without a missed-blocks entry.
 */
const imported = {
  params,
  signing_infos: [
    { address: valcons(6), validator_signing_info: info6 },
    { address: valcons(5), validator_signing_info: info5 },
  ],
  missed_blocks: [
    {
      address: valcons(5),
      missed_blocks: [
        { index: '1030', missed: true },
        { index: '3', missed: true },
        { index: '4', missed: false },
        { index: '0', missed: true },
      ],
    },
  ],
}

/** Exported: key order; for each signing info its missed indexes ascending, only the set ones. */
const exported = {
  params,
  signing_infos: [
    { address: valcons(5), validator_signing_info: info5 },
    { address: valcons(6), validator_signing_info: info6 },
  ],
  missed_blocks: [
    {
      address: valcons(5),
      missed_blocks: [
        { index: '0', missed: true },
        { index: '3', missed: true },
        { index: '1030', missed: true },
      ],
    },
    { address: valcons(6), missed_blocks: [] },
  ],
}

async function roundTrip(section: unknown) {
  const k = keeper()
  const ctx = genesisContext()
  await initSlashingGenesis(ctx, k, [], parseSlashingGenesis(registry, section))
  return { json: await exportSlashingGenesis(ctx.state, k), k, ctx }
}

describe('slashing ExportGenesis', () => {
  test('an imported section exports its signing infos in key order and the set bits only', async () => {
    const { json, k, ctx } = await roundTrip(imported)
    expect(json).toEqual(exported)
    expect(await k.missedBlocks(ctx.state, new Uint8Array(20).fill(5))).toEqual([0n, 3n, 1030n])
  })

  test('the exported section imports into a fresh state and exports the same', async () => {
    const first = await roundTrip(exported)
    expect(first.json).toEqual(exported)
    const second = await roundTrip(JSON.parse(JSON.stringify(first.json)))
    expect(second.json).toEqual(first.json)
  })

  test('the module imports and exports through its keeper', async () => {
    const k = keeper()
    const module = createSlashingModule({ registry, keeper: k, validators: async () => [] })
    const ctx = genesisContext()
    await module.initGenesis!(ctx, imported)
    expect(await module.exportGenesis!(ctx.state as never)).toEqual(exported)
  })

  test('an empty store exports the default params and empty lists', async () => {
    expect(await exportSlashingGenesis(genesisContext().state, keeper())).toEqual({
      params: {
        signed_blocks_window: '100',
        min_signed_per_window: '0.500000000000000000',
        downtime_jail_duration: '600s',
        slash_fraction_double_sign: '0.050000000000000000',
        slash_fraction_downtime: '0.010000000000000000',
      },
      signing_infos: [],
      missed_blocks: [],
    })
  })
})
