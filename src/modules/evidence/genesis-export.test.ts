import { describe, expect, test } from 'vitest'
import { genesisContext } from '../../../test/helpers/genesis-context.js'
import type { AppModule, BlockContext } from '../../app/types.js'
import { addressToBech32 } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import type { StateReader } from '../../store/types.js'
import { CrisisKeeper } from '../crisis/keeper.js'
import { createCrisisModule } from '../crisis/module.js'
import type { GenutilAuthKeeper, GenutilStakingKeeper } from '../genutil/expected-keepers.js'
import { createGenutilModule } from '../genutil/module.js'
import type { SlashingKeeper } from '../slashing/keeper.js'
import { EvidenceKeeper } from './keeper.js'
import { createEvidenceModule } from './module.js'

// ExportGenesis of x/crisis (upstream x/crisis/keeper/genesis.go), x/evidence (x/evidence/genesis.go)
// and x/genutil (its module's ExportGenesis, the default section): InitGenesis, export, import back.

const registry = protoRegistry()
/** A block context's state as the export reads it. */
const reader = (ctx: BlockContext) => ctx.state as unknown as StateReader

/** InitGenesis of `section` into a scratch state, then the module's export. */
async function roundTrip(module: AppModule, section: unknown) {
  const ctx = genesisContext()
  await module.initGenesis!(ctx, section)
  return module.exportGenesis!(reader(ctx))
}

const valcons = (fill: number) => addressToBech32(new Uint8Array(20).fill(fill), 'sdkvalcons')
const EQUIVOCATION = '/sdk.evidence.v1beta1.Equivocation'

/** Three equivocations in key order (sha256 of each one's protobuf bytes). */
const evidence = {
  evidence: [
    {
      '@type': EQUIVOCATION,
      height: '12',
      time: '2026-01-01T00:00:12.250Z',
      power: '100',
      consensus_address: valcons(2),
    },
    {
      '@type': EQUIVOCATION,
      height: '7',
      time: '2026-01-01T00:00:07Z',
      power: '2500',
      consensus_address: valcons(3),
    },
    {
      '@type': EQUIVOCATION,
      height: '4',
      time: '2026-01-01T00:00:04Z',
      power: '100',
      consensus_address: valcons(1),
    },
  ],
}

describe('crisis ExportGenesis', () => {
  const keeper = new CrisisKeeper({
    registry,
    bank: { sendCoinsFromAccountToModule: () => Promise.resolve() },
  })
  const module = createCrisisModule({ registry, keeper })
  const section = { constant_fee: { denom: 'uatom', amount: '2500' } }

  test('the constant fee as stored; the export imports back', async () => {
    const out = await roundTrip(module, section)
    expect(out).toEqual({ constant_fee: { denom: 'uatom', amount: '2500' } })
    expect(await roundTrip(module, JSON.parse(JSON.stringify(out)))).toEqual(out)
  })

  test('a state without a constant fee cannot export (upstream panics)', async () => {
    await expect(module.exportGenesis!(reader(genesisContext()))).rejects.toThrow(
      'crisis constant fee is not set',
    )
  })
})

describe('evidence ExportGenesis', () => {
  const keeper = new EvidenceKeeper({
    registry,
    slashing: {} as SlashingKeeper,
    evidenceParams: async () => ({ maxAgeNumBlocks: 0n, maxAgeDuration: 0n }),
  })
  const module = createEvidenceModule({ keeper })

  test('every evidence as an Any, in key order; the export imports back', async () => {
    const [a, b, c] = evidence.evidence
    const out = await roundTrip(module, { evidence: [c, a, b] })
    expect([c, a, b].map((e) => e!.height)).toEqual(['4', '12', '7'])
    expect(out).toEqual(evidence)
    expect(await roundTrip(module, JSON.parse(JSON.stringify(out)))).toEqual(evidence)
  })

  test('the stored key of each is the hash the keeper gives its equivocation', async () => {
    const ctx = genesisContext()
    await module.initGenesis!(ctx, evidence)
    const { hash } = keeper.equivocation({
      type: 'duplicate_vote',
      address: new Uint8Array(20).fill(1),
      power: 100n,
      height: 4,
      time: 1_767_225_604_000_000_000n,
      totalVotingPower: 100n,
    })
    expect(await keeper.c.evidence.has(ctx.state.store('evidence'), hash)).toBe(true)
  })

  test('no evidence: the default section', async () => {
    expect(await module.exportGenesis!(reader(genesisContext()))).toEqual(module.defaultGenesis!())
    expect(await roundTrip(module, { evidence: [] })).toEqual({ evidence: [] })
  })
})

describe('genutil ExportGenesis', () => {
  const module = createGenutilModule({
    registry,
    auth: {} as GenutilAuthKeeper,
    staking: {} as GenutilStakingKeeper,
  })

  test("upstream's default section, whatever the state (the gentxs were delivered at InitChain)", async () => {
    const untouchable = {
      height: 9,
      store: () => {
        throw new Error('genutil has no store')
      },
    } as unknown as StateReader
    expect(await module.exportGenesis!(untouchable)).toEqual({ gen_txs: [] })
    const out = await roundTrip(module, { gen_txs: [] })
    expect(out).toEqual({ gen_txs: [] })
    module.validateGenesis!(out)
  })
})
