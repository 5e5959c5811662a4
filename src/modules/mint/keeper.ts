import { utf8 } from '../../codec/bytes.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { DecodedByBytes } from '../../store/decoded-by-bytes.js'
import type { Readable, Writable } from '../../store/types.js'
import { readNow, thenNow } from '../../store/value-now.js'
import type { MintBankKeeper, MintStakingKeeper } from './expected-keepers.js'
import { type MintCollections, MODULE_NAME, mintCollections } from './keys.js'
import { defaultInitialMinter, type Minter } from './minter.js'
import { decOf, type MintParams, readMintParams } from './params.js'

export interface MintKeeperOptions {
  registry: ProtoRegistry
  staking: MintStakingKeeper
  bank: MintBankKeeper
}

/** The stored form of a minter (LegacyDecs as their scaled integers' text). */
export function minterToProto(m: Minter): ProtoInit<'sdk.mint.v1beta1.Minter'> {
  return { inflation: m.inflation.toString(), annual_provisions: m.annualProvisions.toString() }
}

/** A LegacyDec for a `bytes` response field: its scaled integer's text, as upstream's Marshal. */
export function decBytes(d: bigint): Uint8Array {
  return utf8(d.toString())
}

/** A stored minter read (undefined: upstream's initial minter). */
function minterOf(m: Proto<'sdk.mint.v1beta1.Minter'> | undefined): Minter {
  if (!m) return defaultInitialMinter()
  return { inflation: decOf(m.inflation), annualProvisions: decOf(m.annual_provisions) }
}

/** x/mint keeper: the minter and the params. */
export class MintKeeper {
  readonly c: MintCollections
  readonly registry: ProtoRegistry
  readonly staking: MintStakingKeeper
  readonly bank: MintBankKeeper
  private readonly paramsCache = new DecodedByBytes<MintParams>()

  constructor({ registry, staking, bank }: MintKeeperOptions) {
    this.c = mintCollections(registry)
    this.registry = registry
    this.staking = staking
    this.bank = bank
  }

  /** The stored minter; upstream's initial minter before genesis stored one. */
  async minter(state: Readable): Promise<Minter> {
    return this.minterNow(state)
  }

  /** `minter` at once when memory has it. */
  minterNow(state: Readable): Minter | Promise<Minter> {
    return this.c.minter.getNowThen(state.store(MODULE_NAME), minterOf)
  }

  setMinter(state: Writable, m: Minter): void {
    this.c.minter.set(state.store(MODULE_NAME), minterToProto(m))
  }

  /** The params as stored (the query's answer). */
  async rawParams(state: Readable): Promise<Proto<'sdk.mint.v1beta1.Params'>> {
    const p = await this.c.params.get(state.store(MODULE_NAME))
    return p ?? this.registry.decode('sdk.mint.v1beta1.Params', new Uint8Array())
  }

  /**
   * The params, read once per distinct stored bytes: the BeginBlocker reads them every block, and
   * they change only by a governance proposal. Frozen, as every caller gets the same object.
   */
  async params(state: Readable): Promise<MintParams> {
    return this.paramsNow(state)
  }

  /** `params` at once when memory has the stored bytes and they were decoded before. */
  paramsNow(state: Readable): MintParams | Promise<MintParams> {
    return thenNow(readNow(state.store(MODULE_NAME), this.c.params.prefix), (raw) =>
      this.paramsCache.get(raw, async () =>
        Object.freeze(readMintParams(await this.rawParams(state))),
      ),
    )
  }

  setParams(state: Writable, p: ProtoInit<'sdk.mint.v1beta1.Params'>): void {
    this.c.params.set(state.store(MODULE_NAME), p)
  }
}
