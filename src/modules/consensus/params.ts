import { int64Of } from '../../codec/int64.js'
import type { Proto, ProtoInit } from '../../codec/proto.js'
import type { GenesisJson } from '../../config/genesis.js'

/** Consensus params as genesis.json holds them (`consensus.params`). */
export type ConsensusParamsJson = GenesisJson['consensus']['params']

/** A nanosecond count (genesis and amino JSON form) as a protobuf Duration. */
export function nanosToDuration(ns: string): ProtoInit<'google.protobuf.Duration'> {
  const n = BigInt(ns)
  return { seconds: (n / 1_000_000_000n).toString(), nanos: Number(n % 1_000_000_000n) }
}

/** A protobuf Duration (absent: zero) as a nanosecond count. */
export function durationToNanos(d: Proto<'google.protobuf.Duration'> | null | undefined): bigint {
  return d ? int64Of(d.seconds) * 1_000_000_000n + BigInt(d.nanos) : 0n
}

/** `tendermint.types.ConsensusParams` of genesis consensus params. */
export function consensusParamsToProto(
  cp: ConsensusParamsJson,
): ProtoInit<'tendermint.types.ConsensusParams'> {
  return {
    block: blockParamsToProto(cp.block),
    evidence: evidenceParamsToProto(cp.evidence),
    validator: { pub_key_types: [...cp.validator.pub_key_types] },
    version: { app: cp.version.app },
    abci: { vote_extensions_enable_height: cp.abci.vote_extensions_enable_height },
  }
}

export function blockParamsToProto(
  b: ConsensusParamsJson['block'],
): ProtoInit<'tendermint.types.BlockParams'> {
  return { max_bytes: b.max_bytes, max_gas: b.max_gas }
}

export function evidenceParamsToProto(
  e: ConsensusParamsJson['evidence'],
): ProtoInit<'tendermint.types.EvidenceParams'> {
  return {
    max_age_num_blocks: e.max_age_num_blocks,
    max_age_duration: nanosToDuration(e.max_age_duration),
    max_bytes: e.max_bytes,
  }
}

/**
 * Genesis consensus params of stored `tendermint.types.ConsensusParams` (what `sdkd export` writes):
 * int64s as decimal strings, the evidence age as a nanosecond count.
 */
export function consensusParamsFromProto(
  cp: Proto<'tendermint.types.ConsensusParams'>,
): ConsensusParamsJson {
  const text = (v: Parameters<typeof int64Of>[0]) => int64Of(v).toString()
  return {
    block: { max_bytes: text(cp.block?.max_bytes), max_gas: text(cp.block?.max_gas) },
    evidence: {
      max_age_num_blocks: text(cp.evidence?.max_age_num_blocks),
      max_age_duration: durationToNanos(cp.evidence?.max_age_duration).toString(),
      max_bytes: text(cp.evidence?.max_bytes),
    },
    validator: { pub_key_types: [...(cp.validator?.pub_key_types ?? [])] },
    version: { app: text(cp.version?.app) },
    abci: { vote_extensions_enable_height: text(cp.abci?.vote_extensions_enable_height) },
  }
}
