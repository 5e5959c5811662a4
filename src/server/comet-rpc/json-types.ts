/**
 * CometBFT v0.38 RPC results as its JSON encoding prints them (64-bit integers as strings, hashes
 * and addresses as upper-case hex, other bytes as base64, times as RFC 3339): only the fields sdkd
 * reads.
 */

export interface CometBlockId {
  hash: string
  parts: { total: number; hash: string }
}

export interface CometHeader {
  version: { block: string; app?: string }
  chain_id: string
  height: string
  time: string
  last_block_id: CometBlockId
  last_commit_hash: string
  data_hash: string
  validators_hash: string
  next_validators_hash: string
  consensus_hash: string
  app_hash: string
  last_results_hash: string
  evidence_hash: string
  proposer_address: string
}

export interface CometCommitSig {
  block_id_flag: number
  validator_address: string
  timestamp: string
  signature: string | null
}

export interface CometVote {
  type: number
  height: string
  round: number
  block_id: CometBlockId
  timestamp: string
  validator_address: string
  validator_index: number
  signature: string | null
  extension?: string | null
  extension_signature?: string | null
}

/** A validator as a light block's set lists it. */
export interface CometValidator {
  address: string
  pub_key: { type: string; value: string }
  voting_power: string
  proposer_priority: string
}

/**
 * An item of a block's evidence list (amino-style: its type name, then its value). The Go structs'
 * fields without JSON tags print under their Go names.
 */
export type CometEvidence =
  | {
      type: 'tendermint/DuplicateVoteEvidence'
      value: {
        vote_a: CometVote
        vote_b: CometVote
        TotalVotingPower: string
        ValidatorPower: string
        Timestamp: string
      }
    }
  | {
      type: 'tendermint/LightClientAttackEvidence'
      value: {
        ConflictingBlock: {
          signed_header: { header: CometHeader; commit: CometCommit }
          validator_set: { validators: CometValidator[] | null; proposer: CometValidator | null }
        }
        CommonHeight: string
        ByzantineValidators: CometValidator[] | null
        TotalVotingPower: string
        Timestamp: string
      }
    }

export interface CometCommit {
  height: string
  round: number
  block_id: CometBlockId
  signatures: CometCommitSig[] | null
}

export interface CometBlock {
  header: CometHeader
  data: { txs: string[] | null }
  evidence: { evidence: CometEvidence[] | null }
  last_commit: CometCommit | null
}

/** `/block`. */
export interface CometBlockResult {
  block_id: CometBlockId
  block: CometBlock | null
}

export interface CometEvent {
  type: string
  attributes: { key: string; value: string; index?: boolean }[] | null
}

/** `/tx` and the items of `/tx_search`. */
export interface CometTxResult {
  hash: string
  height: string
  index: number
  tx: string
  tx_result: {
    code: number
    data: string | null
    log: string
    info: string
    gas_wanted: string
    gas_used: string
    events: CometEvent[] | null
    codespace: string
  }
}

/** `/broadcast_tx_sync` and `/broadcast_tx_async`. */
export interface CometBroadcastResult {
  code: number
  /** Hex. */
  data: string
  log: string
  codespace: string
  hash: string
}

/** `/status`. */
export interface CometStatus {
  node_info: {
    protocol_version: { p2p: string; block: string; app: string }
    id: string
    listen_addr: string
    network: string
    version: string
    channels: string
    moniker: string
    other: { tx_index: string; rpc_address: string }
  }
  sync_info: {
    latest_block_hash: string
    latest_block_height: string
    latest_block_time: string
    earliest_block_height: string
    catching_up: boolean
  }
}

/** `/validators`. */
export interface CometValidators {
  block_height: string
  validators: {
    address: string
    pub_key: { type: string; value: string }
    voting_power: string
    proposer_priority: string
  }[]
  count: string
  total: string
}
