import { int64Of } from '../../codec/int64.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import { goDuration } from '../../codec/time.js'
import { UndefinedCodeError } from '../../errors.js'
import { durationToNanos, nanosToDuration } from './params.js'

// CometBFT v0.38's rules for consensus params (types/params.go): how an update applies, what a set
// of params must satisfy, and which vote-extension changes are allowed. Its errors are plain Go
// errors, so code 1 (undefined) in a block.

/** CometBFT's ConsensusParams with its numbers read: int64s as bigints, the evidence age in ns. */
export interface CometParams {
  block: { maxBytes: bigint; maxGas: bigint }
  evidence: { maxAgeNumBlocks: bigint; maxAgeDuration: bigint; maxBytes: bigint }
  validator: { pubKeyTypes: string[] }
  version: { app: bigint }
  abci: { voteExtensionsEnableHeight: bigint }
}

/** An update (a `tendermint.types.ConsensusParams` whose sections may be absent): absent is kept. */
export type CometParamsUpdate = Partial<CometParams>

/** CometBFT's MaxBlockSizeBytes: 100 MiB. */
export const MAX_BLOCK_SIZE_BYTES = 104_857_600n

/** The key types CometBFT knows (ABCIPubKeyTypesToNames). */
const KNOWN_PUB_KEY_TYPES = new Set(['ed25519', 'secp256k1', 'ml_dsa_65'])

/** Stored params as CometBFT reads them; a section never stored (a migrated chain) reads as zero. */
export function cometParamsOfProto(p: Proto<'tendermint.types.ConsensusParams'>): CometParams {
  return {
    block: { maxBytes: int64Of(p.block?.max_bytes), maxGas: int64Of(p.block?.max_gas) },
    evidence: {
      maxAgeNumBlocks: int64Of(p.evidence?.max_age_num_blocks),
      maxAgeDuration: durationToNanos(p.evidence?.max_age_duration),
      maxBytes: int64Of(p.evidence?.max_bytes),
    },
    validator: { pubKeyTypes: [...(p.validator?.pub_key_types ?? [])] },
    version: { app: int64Of(p.version?.app) },
    abci: { voteExtensionsEnableHeight: int64Of(p.abci?.vote_extensions_enable_height) },
  }
}

/** Every section written, as CometBFT's `ToProto`. */
export function cometParamsToProto(p: CometParams): ProtoInit<'tendermint.types.ConsensusParams'> {
  return {
    block: { max_bytes: p.block.maxBytes, max_gas: p.block.maxGas },
    evidence: {
      max_age_num_blocks: p.evidence.maxAgeNumBlocks,
      max_age_duration: nanosToDuration(p.evidence.maxAgeDuration.toString()),
      max_bytes: p.evidence.maxBytes,
    },
    validator: { pub_key_types: [...p.validator.pubKeyTypes] },
    version: { app: p.version.app },
    abci: { vote_extensions_enable_height: p.abci.voteExtensionsEnableHeight },
  }
}

/** CometBFT's `ConsensusParams.Update`: each section the update holds replaces the current one. */
export function updateCometParams(current: CometParams, update: CometParamsUpdate): CometParams {
  return {
    block: { ...(update.block ?? current.block) },
    evidence: { ...(update.evidence ?? current.evidence) },
    validator: { pubKeyTypes: [...(update.validator ?? current.validator).pubKeyTypes] },
    version: { ...(update.version ?? current.version) },
    abci: { ...(update.abci ?? current.abci) },
  }
}

/** CometBFT's `ConsensusParams.ValidateBasic`, in its order and with its texts. */
export function validateCometParams(p: CometParams): void {
  const { maxBytes, maxGas } = p.block
  if (maxBytes === 0n) invalid('block.MaxBytes cannot be 0')
  if (maxBytes < -1n) invalid(`block.MaxBytes must be -1 or greater than 0. Got ${maxBytes}`)
  if (maxBytes > MAX_BLOCK_SIZE_BYTES)
    invalid(`block.MaxBytes is too big. ${maxBytes} > ${MAX_BLOCK_SIZE_BYTES}`)
  if (maxGas < -1n) invalid(`block.MaxGas must be greater or equal to -1. Got ${maxGas}`)
  const ev = p.evidence
  if (ev.maxAgeNumBlocks <= 0n)
    invalid(`evidence.MaxAgeNumBlocks must be greater than 0. Got ${ev.maxAgeNumBlocks}`)
  if (ev.maxAgeDuration <= 0n)
    // "grater" is CometBFT's spelling.
    invalid(
      `evidence.MaxAgeDuration must be grater than 0 if provided, Got ${goDuration(ev.maxAgeDuration)}`,
    )
  const bound = maxBytes === -1n ? MAX_BLOCK_SIZE_BYTES : maxBytes
  if (ev.maxBytes > bound)
    invalid(`evidence.MaxBytesEvidence is greater than upper bound, ${ev.maxBytes} > ${maxBytes}`)
  if (ev.maxBytes < 0n) invalid(`evidence.MaxBytes must be non negative. Got: ${ev.maxBytes}`)
  const enable = p.abci.voteExtensionsEnableHeight
  if (enable < 0n) invalid(`ABCI.VoteExtensionsEnableHeight cannot be negative. Got: ${enable}`)
  const types = p.validator.pubKeyTypes
  if (types.length === 0) invalid('len(Validator.PubKeyTypes) must be greater than 0')
  types.forEach((type, i) => {
    if (!KNOWN_PUB_KEY_TYPES.has(type))
      invalid(`params.Validator.PubKeyTypes[${i}], ${type}, is an unknown pubkey type`)
  })
}

/**
 * CometBFT's `ConsensusParams.ValidateUpdate` at block `height`: vote extensions, once enabled at
 * a height reached, stay enabled and keep that height; a new enable height must lie in the future.
 * The missing spaces of two texts are CometBFT's.
 */
export function validateCometUpdate(
  current: CometParams,
  update: CometParamsUpdate,
  height: bigint,
): void {
  if (!update.abci) return
  const was = current.abci.voteExtensionsEnableHeight
  const to = update.abci.voteExtensionsEnableHeight
  if (to < 0n) invalid('VoteExtensionsEnableHeight must be positive')
  if ((was <= 0n && to === 0n) || was === to) return
  if (to === 0n) {
    if (was <= height)
      invalid(
        `vote extensions cannot be disabled once enabledold enable height: ${was}, current height ${height}`,
      )
    return
  }
  if (to <= height)
    invalid(
      `vote extensions cannot be updated to a past or current height, enable height: ${to}, current height ${height}`,
    )
  if (was <= 0n) return
  if (was <= height)
    invalid(
      `vote extensions cannot be modified once enabledenable height: ${was}, current height ${height}`,
    )
}

function invalid(message: string): never {
  throw new UndefinedCodeError(message)
}
