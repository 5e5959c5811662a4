import type { BlockContext } from '../../app/types.js'
import { decToString } from '../../codec/dec.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import { StatusError } from '../../errors.js'
import type { Readable } from '../../store/types.js'
import type { MintKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import type { Minter } from './minter.js'
import { decOf, defaultMintParams, readMintParams, validateMintParams } from './params.js'

// x/mint genesis (upstream x/mint/genesis.go and types/genesis.go).

const PATH = 'app_state.mint'

/** Default mint genesis section (upstream JSON shape, as simd writes it). */
export function defaultMintGenesis(mintDenom = 'stake') {
  return {
    minter: { inflation: '0.130000000000000000', annual_provisions: '0.000000000000000000' },
    params: defaultMintParams(mintDenom),
  }
}

/** A genesis section checked. */
export interface MintGenesis {
  minter: Minter
  params: Proto<'sdk.mint.v1beta1.Params'>
}

/** Upstream ValidateGenesis: the params' checks, then a minter whose inflation is not negative. */
export function parseMintGenesis(registry: ProtoRegistry, genesis: unknown): MintGenesis {
  const type = registry.type('sdk.mint.v1beta1.GenesisState')
  const g = messageFromJson(registry, type, genesis ?? {}, PATH)
  const params = g.params ?? registry.decode('sdk.mint.v1beta1.Params', new Uint8Array())
  try {
    validateMintParams(readMintParams(params))
  } catch (err) {
    if (err instanceof StatusError) throw new JsonMappingError(`${PATH}.params: ${err.message}`)
    throw err
  }
  const minter = {
    inflation: decOf(g.minter?.inflation),
    annualProvisions: decOf(g.minter?.annual_provisions),
  }
  if (minter.inflation < 0n) {
    throw new JsonMappingError(
      `${PATH}.minter: mint parameter Inflation should be positive, is ${decToString(minter.inflation)}`,
    )
  }
  return { minter, params }
}

/** Upstream InitGenesis: stores the minter and the params, and creates the module account. */
export async function initMintGenesis(
  ctx: BlockContext,
  keeper: MintKeeper,
  g: MintGenesis,
): Promise<void> {
  keeper.setMinter(ctx.state, g.minter)
  keeper.setParams(ctx.state, g.params)
  await keeper.bank.ensureModuleAccount(ctx.state, MODULE_NAME)
}

/** Upstream ExportGenesis: the minter and the params, in genesis JSON form. */
export async function exportMintGenesis(state: Readable, keeper: MintKeeper) {
  const m = await keeper.minter(state)
  const p = await keeper.params(state)
  return {
    minter: {
      inflation: decToString(m.inflation),
      annual_provisions: decToString(m.annualProvisions),
    },
    params: {
      mint_denom: p.mintDenom,
      inflation_rate_change: decToString(p.inflationRateChange),
      inflation_max: decToString(p.inflationMax),
      inflation_min: decToString(p.inflationMin),
      goal_bonded: decToString(p.goalBonded),
      blocks_per_year: p.blocksPerYear.toString(),
    },
  }
}
