import { parseAbciLogs } from '../../codec/abci-logs.js'
import { addressToBech32 } from '../../codec/address.js'
import { type Bytes, emptyBytes, fromBase64Strict, fromHex, toHexUpper } from '../../codec/bytes.js'
import type { ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import { formatRfc3339, parseRfc3339, timeToTimestamp } from '../../codec/time.js'
import { TX_TYPE_URL, txOf } from '../../tx/tx-response.js'
import type {
  CometBlock,
  CometBlockId,
  CometBlockResult,
  CometCommit,
  CometEvent,
  CometEvidence,
  CometHeader,
  CometTxResult,
  CometValidator,
  CometVote,
} from './json-types.js'

/**
 * CometBFT's JSON results turned into the protobuf messages the SDK's services answer with, as the
 * SDK does after its RPC client decodes them into CometBFT's Go types (`ToProto()`).
 */

/** Upper-case hex (empty for none) → bytes. */
const hex = (text: string | null | undefined): Bytes => (text ? fromHex(text) : emptyBytes())

/** Base64 (null for none) → bytes. */
const b64 = (text: string | null | undefined): Bytes =>
  (text ? fromBase64Strict(text) : undefined) ?? emptyBytes()

/** An RFC 3339 time → protobuf Timestamp. */
const timestamp = (text: string) => timeToTimestamp(parseRfc3339(text))

export function blockIdToProto(id: CometBlockId): ProtoInit<'tendermint.types.BlockID'> {
  return {
    hash: hex(id.hash),
    part_set_header: { total: id.parts.total, hash: hex(id.parts.hash) },
  }
}

/** A vote of duplicate-vote evidence. */
function voteToProto(v: CometVote): ProtoInit<'tendermint.types.Vote'> {
  return {
    type: Number(v.type),
    height: String(v.height),
    round: Number(v.round),
    block_id: blockIdToProto(v.block_id),
    timestamp: timestamp(v.timestamp),
    validator_address: hex(v.validator_address),
    validator_index: Number(v.validator_index),
    signature: b64(v.signature),
    extension: b64(v.extension),
    extension_signature: b64(v.extension_signature),
  }
}

function headerToProto(h: CometHeader): ProtoInit<'tendermint.types.Header'> {
  return {
    version: { block: h.version.block, app: h.version.app ?? '0' },
    chain_id: h.chain_id,
    height: h.height,
    time: timestamp(h.time),
    last_block_id: blockIdToProto(h.last_block_id),
    last_commit_hash: hex(h.last_commit_hash),
    data_hash: hex(h.data_hash),
    validators_hash: hex(h.validators_hash),
    next_validators_hash: hex(h.next_validators_hash),
    consensus_hash: hex(h.consensus_hash),
    app_hash: hex(h.app_hash),
    last_results_hash: hex(h.last_results_hash),
    evidence_hash: hex(h.evidence_hash),
    proposer_address: hex(h.proposer_address),
  }
}

function commitToProto(c: CometCommit): ProtoInit<'tendermint.types.Commit'> {
  return {
    height: c.height,
    round: c.round,
    block_id: blockIdToProto(c.block_id),
    signatures: (c.signatures ?? []).map((s) => ({
      block_id_flag: s.block_id_flag,
      validator_address: hex(s.validator_address),
      timestamp: timestamp(s.timestamp),
      signature: b64(s.signature),
    })),
  }
}

/** A validator of a light block (its key an ed25519 one, as every key of sdkd's chains). */
function validatorToProto(v: CometValidator): ProtoInit<'tendermint.types.Validator'> {
  return {
    address: hex(v.address),
    pub_key: { ed25519: b64(v.pub_key.value) },
    voting_power: v.voting_power,
    proposer_priority: v.proposer_priority,
  }
}

/** The block's evidence: duplicate votes and light client attacks. */
export function evidenceToProto(
  list: CometEvidence[] | null,
): ProtoInit<'tendermint.types.Evidence'>[] {
  const out: ProtoInit<'tendermint.types.Evidence'>[] = []
  for (const e of list ?? []) {
    if (e.type === 'tendermint/DuplicateVoteEvidence') {
      const v = e.value
      out.push({
        duplicate_vote_evidence: {
          vote_a: voteToProto(v.vote_a),
          vote_b: voteToProto(v.vote_b),
          total_voting_power: v.TotalVotingPower,
          validator_power: v.ValidatorPower,
          timestamp: timestamp(v.Timestamp),
        },
      })
    } else if (e.type === 'tendermint/LightClientAttackEvidence') {
      const v = e.value
      const b = v.ConflictingBlock
      const set = b.validator_set
      out.push({
        light_client_attack_evidence: {
          conflicting_block: {
            signed_header: {
              header: headerToProto(b.signed_header.header),
              commit: commitToProto(b.signed_header.commit),
            },
            validator_set: {
              validators: (set.validators ?? []).map(validatorToProto),
              ...(set.proposer ? { proposer: validatorToProto(set.proposer) } : {}),
            },
          },
          common_height: v.CommonHeight,
          byzantine_validators: (v.ByzantineValidators ?? []).map(validatorToProto),
          total_voting_power: v.TotalVotingPower,
          timestamp: timestamp(v.Timestamp),
        },
      })
    }
  }
  return out
}

export function blockToProto(b: CometBlock): ProtoInit<'tendermint.types.Block'> {
  const c = b.last_commit
  return {
    header: headerToProto(b.header),
    data: { txs: (b.data.txs ?? []).map(b64) },
    evidence: { evidence: evidenceToProto(b.evidence.evidence) },
    ...(c ? { last_commit: commitToProto(c) } : {}),
  }
}

/**
 * GetBlockByHeight's and GetLatestBlock's answer: the block id, the block, and `sdk_block` (the
 * same block with the proposer as a consensus bech32 address).
 */
export function blockResponseOf(
  registry: ProtoRegistry,
  r: CometBlockResult,
): ProtoInit<'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse'> {
  if (!r.block) return { block_id: blockIdToProto(r.block_id) }
  const block = blockToProto(r.block)
  return {
    block_id: blockIdToProto(r.block_id),
    block,
    sdk_block: {
      header: {
        ...block.header,
        proposer_address: addressToBech32(
          hex(r.block.header.proposer_address),
          registry.brand.bech32.consensus,
        ),
      },
      data: block.data,
      evidence: block.evidence,
      ...(block.last_commit ? { last_commit: block.last_commit } : {}),
    },
  }
}

function eventsToProto(events: CometEvent[] | null): ProtoInit<'tendermint.abci.Event'>[] {
  return (events ?? []).map((e) => ({
    type: e.type,
    attributes: (e.attributes ?? []).map((a) => ({
      key: a.key,
      value: a.value,
      index: a.index ?? false,
    })),
  }))
}

/**
 * The TxResponse of an included tx (upstream `mkTxResult`): data as upper-case hex, logs parsed
 * from the raw log, the time of the tx's block without its fraction.
 */
export function txResponseOfComet(
  registry: ProtoRegistry,
  r: CometTxResult,
  blockTime: string,
): {
  tx: ReturnType<typeof txOf>
  txResponse: ProtoInit<'sdk.base.abci.v1beta1.TxResponse'>
} {
  const bytes = b64(r.tx)
  const tx = txOf(registry, bytes)
  const res = r.tx_result
  return {
    tx,
    txResponse: {
      height: r.height,
      txhash: r.hash,
      codespace: res.codespace,
      code: res.code,
      data: toHexUpper(b64(res.data)),
      raw_log: res.log,
      logs: parseAbciLogs(res.log),
      info: res.info,
      gas_wanted: res.gas_wanted,
      gas_used: res.gas_used,
      ...(tx ? { tx: registry.packAny(TX_TYPE_URL, tx) } : {}),
      timestamp: blockTime ? formatRfc3339(parseRfc3339(blockTime)) : '',
      events: eventsToProto(res.events),
    },
  }
}
