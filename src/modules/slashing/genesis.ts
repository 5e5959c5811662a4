import type { BlockContext } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { decFromInt, decToString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { goDuration } from '../../codec/time.js'
import type { Readable } from '../../store/types.js'
import type { StakingValidator } from './expected-keepers.js'
import { addPubkey, consAddressOfPubkey } from './hooks.js'
import { consAddressText, type SlashingKeeper } from './keeper.js'
import { MODULE_NAME, valconsPrefix } from './keys.js'
import { defaultSlashingParams, readSlashingParams } from './params.js'

// x/slashing genesis (upstream x/slashing/genesis.go and types/genesis.go).

const PATH = 'app_state.slashing'

/** Default slashing genesis section (upstream JSON shape, as simd writes it). */
export function defaultSlashingGenesis() {
  return { params: defaultSlashingParams(), signing_infos: [], missed_blocks: [] }
}

/** A genesis section checked, its addresses decoded. */
export interface SlashingGenesis {
  params: Proto<'sdk.slashing.v1beta1.Params'>
  signingInfos: { consAddr: Bytes; info: Proto<'sdk.slashing.v1beta1.ValidatorSigningInfo'> }[]
  missedBlocks: { consAddr: Bytes; index: bigint; missed: boolean }[]
}

function fail(field: string, problem: string): never {
  throw new JsonMappingError(`${PATH}.${field}: ${problem}`)
}

function consAddr(text: string, field: string): Bytes {
  try {
    return bech32ToAddress(text, valconsPrefix())
  } catch (err) {
    return fail(field, `invalid consensus address: ${(err as Error).message}`)
  }
}

/** Upstream ValidateGenesis (its bounds and texts), with the records decoded for InitGenesis. */
export function parseSlashingGenesis(registry: ProtoRegistry, genesis: unknown): SlashingGenesis {
  const type = registry.type('sdk.slashing.v1beta1.GenesisState')
  const g = messageFromJson(registry, type, genesis ?? {}, PATH)
  const params = g.params ?? registry.decode('sdk.slashing.v1beta1.Params', new Uint8Array())
  const p = readSlashingParams(params)
  const one = decFromInt(1n)
  const bounded = (d: bigint) => d >= 0n && d <= one
  if (!bounded(p.slashFractionDowntime)) {
    fail(
      'params.slash_fraction_downtime',
      `slashing fraction downtime should be less than or equal to one and greater than zero, is ${decToString(p.slashFractionDowntime)}`,
    )
  }
  if (!bounded(p.slashFractionDoubleSign)) {
    fail(
      'params.slash_fraction_double_sign',
      `slashing fraction double sign should be less than or equal to one and greater than zero, is ${decToString(p.slashFractionDoubleSign)}`,
    )
  }
  if (!bounded(p.minSignedPerWindow)) {
    fail(
      'params.min_signed_per_window',
      `min signed per window should be less than or equal to one and greater than zero, is ${decToString(p.minSignedPerWindow)}`,
    )
  }
  if (p.downtimeJailDuration < 60_000_000_000n) {
    fail(
      'params.downtime_jail_duration',
      `downtime unjail duration must be at least 1 minute, is ${goDuration(p.downtimeJailDuration)}`,
    )
  }
  if (p.signedBlocksWindow < 10n) {
    fail(
      'params.signed_blocks_window',
      `signed blocks window must be at least 10, is ${p.signedBlocksWindow}`,
    )
  }
  const signingInfos = g.signing_infos.map((s, i) => {
    const field = `signing_infos[${i}]`
    const info = s.validator_signing_info
    if (!info) return fail(`${field}.validator_signing_info`, 'missing')
    return { consAddr: consAddr(s.address, `${field}.address`), info }
  })
  const missedBlocks: SlashingGenesis['missedBlocks'] = []
  for (const [i, v] of g.missed_blocks.entries()) {
    const addr = consAddr(v.address, `missed_blocks[${i}].address`)
    for (const [j, m] of v.missed_blocks.entries()) {
      const index = int64Of(m.index)
      if (index < 0n) fail(`missed_blocks[${i}].missed_blocks[${j}].index`, 'must not be negative')
      missedBlocks.push({ consAddr: addr, index, missed: m.missed })
    }
  }
  return { params, signingInfos, missedBlocks }
}

/**
 * Upstream InitGenesis: the public key of every staking validator, the signing infos, the bitmap
 * bits and the params. A bonded validator that genesis gives no signing info gets one starting at
 * height 0 — what upstream's bonding hook gives a gentx validator, since sdkd's devnet genesis
 * writes validators directly.
 */
export async function initSlashingGenesis(
  ctx: BlockContext,
  keeper: SlashingKeeper,
  validators: readonly StakingValidator[],
  g: SlashingGenesis,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  for (const v of validators) addPubkey(ctx, keeper, v.consensus_pubkey)
  for (const { consAddr, info } of g.signingInfos) keeper.c.signingInfos.set(store, consAddr, info)
  for (const { consAddr, index, missed } of g.missedBlocks)
    await keeper.setMissedBlockBit(ctx.state, consAddr, index, missed)
  keeper.c.params.set(store, g.params)
  for (const v of validators) {
    // BOND_STATUS_BONDED is 3.
    if (v.status !== 3) continue
    const addr = consAddressOfPubkey(keeper.registry, v.consensus_pubkey)
    if (!addr || (await keeper.signingInfo(ctx.state, addr))) continue
    keeper.setSigningInfo(ctx.state, addr, {
      address: consAddressText(addr),
      startHeight: 0n,
      indexOffset: 0n,
      jailedUntil: 0n,
      tombstoned: false,
      missedBlocksCounter: 0n,
    })
  }
}

/**
 * Upstream ExportGenesis: the params; every signing info in key (consensus address) order, under
 * its bech32 consensus address; and for each of them its missed blocks — only the indexes whose
 * bit is set, ascending (upstream GetValidatorMissedBlocks), an empty list when none is — in
 * genesis JSON form, as InitGenesis reads it back.
 */
export async function exportSlashingGenesis(state: Readable, keeper: SlashingKeeper) {
  const store = state.store(MODULE_NAME)
  const signingInfos: ProtoInit<'sdk.slashing.v1beta1.SigningInfo'>[] = []
  const missedBlocks: ProtoInit<'sdk.slashing.v1beta1.ValidatorMissedBlocks'>[] = []
  for await (const [consAddr, info] of keeper.c.signingInfos.iterate(store)) {
    const address = consAddressText(consAddr)
    signingInfos.push({ address, validator_signing_info: info })
    const missed = await keeper.missedBlocks(state, consAddr)
    missedBlocks.push({
      address,
      missed_blocks: missed.map((index) => ({ index, missed: true })),
    })
  }
  const g: ProtoInit<'sdk.slashing.v1beta1.GenesisState'> = {
    params: await keeper.rawParams(state),
    signing_infos: signingInfos,
    missed_blocks: missedBlocks,
  }
  const type = keeper.registry.type('sdk.slashing.v1beta1.GenesisState')
  return messageToJson(keeper.registry, type, type.fromObject(g))
}
