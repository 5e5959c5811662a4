import type { Block, BlockId, Commit, Header } from '../../block/block.js'
import { BLOCK_PROTOCOL } from '../../block/block.js'
import { toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { StoredBlock } from '../../store/block-store.js'

// CometBFT JSON (libs/json): int64 as strings, HexBytes upper-case, times RFC3339Nano.

/** A BlockID as CometBFT JSON. */
export function blockIdJson(id: BlockId) {
  return {
    hash: toHexUpper(id.hash),
    parts: { total: id.parts.total, hash: toHexUpper(id.parts.hash) },
  }
}

/** A block header as CometBFT JSON. */
export function headerJson(h: Header) {
  return {
    version: { block: String(BLOCK_PROTOCOL) },
    chain_id: h.chainId,
    height: String(h.height),
    time: formatRfc3339Nano(h.time),
    last_block_id: blockIdJson(h.lastBlockId),
    last_commit_hash: toHexUpper(h.lastCommitHash),
    data_hash: toHexUpper(h.dataHash),
    validators_hash: toHexUpper(h.validatorsHash),
    next_validators_hash: toHexUpper(h.nextValidatorsHash),
    consensus_hash: toHexUpper(h.consensusHash),
    app_hash: toHexUpper(h.appHash),
    last_results_hash: toHexUpper(h.lastResultsHash),
    evidence_hash: toHexUpper(h.evidenceHash),
    proposer_address: toHexUpper(h.proposerAddress),
  }
}

/** A commit (the last commit of a block) as CometBFT JSON. */
export function commitJson(c: Commit) {
  return {
    height: String(c.height),
    round: c.round,
    block_id: blockIdJson(c.blockId),
    signatures: c.signatures.map((s) => ({
      block_id_flag: s.blockIdFlag,
      validator_address: toHexUpper(s.validatorAddress),
      timestamp: formatRfc3339Nano(s.timestamp),
      signature: s.signature.length > 0 ? toBase64(s.signature) : null,
    })),
  }
}

/** A block (header, txs, evidence, last commit) as CometBFT JSON. */
export function blockJson(b: Block) {
  return {
    header: headerJson(b.header),
    data: { txs: b.txs.map(toBase64) },
    evidence: { evidence: [] },
    last_commit: commitJson(b.lastCommit),
  }
}

/** ResultBlock of `/block`. */
export function resultBlockJson(stored: StoredBlock) {
  return { block_id: blockIdJson(stored.block.blockId), block: blockJson(stored.block) }
}

/** A block meta of `/blockchain` (and `query upgrade applied`). */
export function blockMetaJson(stored: StoredBlock) {
  return {
    block_id: blockIdJson(stored.block.blockId),
    block_size: String(stored.size),
    header: headerJson(stored.block.header),
    num_txs: String(stored.block.txs.length),
  }
}
