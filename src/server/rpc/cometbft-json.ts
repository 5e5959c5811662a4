import type { Block, BlockId, Commit, Header } from '../../block/block.js'
import { BLOCK_PROTOCOL, EMPTY_BLOCK_ID } from '../../block/block.js'
import type { Event, EventAttribute } from '../../block/events.js'
import {
  type BlockEvidence,
  duplicateVoteEvidenceJson,
  isLightClientAttack,
  type LightClientAttackEvidence,
} from '../../block/evidence.js'
import { type Bytes, fromBase64Strict, toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { Genesis, GenesisJson } from '../../config/genesis.js'
import type { StoredBlock, TxResult } from '../../store/block-store.js'

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

/**
 * A light client attack as CometBFT's RPC prints it: amino JSON of the Evidence interface, the Go
 * struct's own field names (it has no JSON tags), its light block's and validators' with theirs.
 */
function lightClientAttackJson(e: LightClientAttackEvidence) {
  const b = e.conflictingBlock
  return {
    type: 'tendermint/LightClientAttackEvidence',
    value: {
      ConflictingBlock: {
        signed_header: { header: headerJson(b.header), commit: commitJson(b.commit) },
        validator_set: {
          validators: b.validators.map(validatorJson),
          proposer: b.proposer ? validatorJson(b.proposer) : null,
        },
      },
      CommonHeight: String(e.commonHeight),
      ByzantineValidators: e.byzantineValidators.map(validatorJson),
      TotalVotingPower: e.totalVotingPower.toString(),
      Timestamp: formatRfc3339Nano(e.timestamp),
    },
  }
}

/** An item of a block's evidence as CometBFT's RPC prints it. */
export function evidenceJson(e: BlockEvidence) {
  return isLightClientAttack(e) ? lightClientAttackJson(e) : duplicateVoteEvidenceJson(e)
}

/** A block (header, txs, evidence, last commit) as CometBFT JSON. */
export function blockJson(b: Block) {
  return {
    header: headerJson(b.header),
    data: { txs: b.txs.map(toBase64) },
    evidence: { evidence: (b.evidence ?? []).map(evidenceJson) },
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

/** Consensus params as genesis.json holds them (`consensus.params`), every section filled. */
export type ConsensusParamsJson = GenesisJson['consensus']['params']

/** A validator (types.Validator) as CometBFT JSON; a lone validator's proposer priority is 0. */
export function validatorJson(v: {
  address: Bytes
  pubKey: Bytes
  power: bigint
  priority?: bigint
}) {
  return {
    address: toHexUpper(v.address),
    pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(v.pubKey) },
    voting_power: v.power.toString(),
    proposer_priority: (v.priority ?? 0n).toString(),
  }
}

/**
 * A block's ABCI validator updates as `/block_results` and the NewBlock event show them: Go's JSON
 * of the protobuf type, its public key a oneof (`Sum`); null when there are none.
 */
export function validatorUpdatesJson(updates: StoredBlock['validatorUpdates']) {
  if (!updates || updates.length === 0) return null
  return updates.map((u) => ({
    pub_key: {
      Sum: {
        type: 'tendermint.crypto.PublicKey_Ed25519',
        value: { ed25519: toBase64(u.pubKey) },
      },
    },
    power: u.power.toString(),
  }))
}

/** An int64 text of genesis.json in CometBFT's canonical form (`"022"` → `"22"`). */
const int64Text = (s: string) => BigInt(s).toString()

/** types.ConsensusParams (the `consensus_params` route, the genesis document): every field. */
export function consensusParamsJson(cp: ConsensusParamsJson) {
  return {
    block: { max_bytes: int64Text(cp.block.max_bytes), max_gas: int64Text(cp.block.max_gas) },
    evidence: {
      max_age_num_blocks: int64Text(cp.evidence.max_age_num_blocks),
      max_age_duration: int64Text(cp.evidence.max_age_duration),
      max_bytes: int64Text(cp.evidence.max_bytes),
    },
    validator: { pub_key_types: [...cp.validator.pub_key_types] },
    version: { app: int64Text(cp.version.app) },
    abci: { vote_extensions_enable_height: int64Text(cp.abci.vote_extensions_enable_height) },
  }
}

/**
 * The protobuf ConsensusParams an SDK v0.50 app returns from every FinalizeBlock (block_results
 * `consensus_param_updates`): CometBFT prints the generated struct, so zero fields are omitted.
 */
export function consensusParamUpdatesJson(cp: ConsensusParamsJson) {
  const full = consensusParamsJson(cp)
  const nonZero = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(
      Object.entries(o).filter(
        ([k, v]) =>
          k === 'max_age_duration' || (v !== '0' && !(Array.isArray(v) && v.length === 0)),
      ),
    )
  return {
    block: nonZero(full.block),
    evidence: nonZero(full.evidence),
    validator: nonZero(full.validator),
    version: nonZero(full.version),
    abci: nonZero(full.abci),
  }
}

/**
 * The genesis document as CometBFT serves it (types.GenesisDoc, built from the SDK's app genesis):
 * genesis_time, chain_id, initial_height, consensus_params, validators, app_hash (hex), app_state.
 */
export function genesisDocJson(g: Genesis, cp: ConsensusParamsJson) {
  const appHash =
    typeof g.json.app_hash === 'string' ? fromBase64Strict(g.json.app_hash) : undefined
  return {
    genesis_time: formatRfc3339Nano(g.genesisTime),
    chain_id: g.chainId,
    initial_height: String(g.initialHeight),
    consensus_params: consensusParamsJson(cp),
    ...(g.validators.length > 0
      ? {
          validators: g.validators.map((v) => ({
            address: toHexUpper(v.address),
            pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(v.pubKey) },
            power: v.power.toString(),
            name: v.name,
          })),
        }
      : {}),
    app_hash: appHash ? toHexUpper(appHash) : '',
    app_state: g.appState,
  }
}

/** An abci.EventAttribute (jsonpb: every field). */
function attributeJson(a: EventAttribute) {
  return { key: a.key, value: a.value, index: a.index }
}

/** abci.Events outside jsonpb (block_results `finalize_block_events`): type and attributes omitempty. */
export function abciEventsJson(events: readonly Event[]) {
  return events.map((e) => ({
    ...(e.type ? { type: e.type } : {}),
    ...(e.attributes.length > 0 ? { attributes: e.attributes.map(attributeJson) } : {}),
  }))
}

/**
 * An ExecTxResult or ResponseCheckTx as route results print them (jsonpb with EmitDefaults): every
 * field, zeros included — `"code":0,"data":null,"log":"","gas_wanted":"0","events":[]`.
 */
export function execTxResultJson(r: Omit<TxResult, 'info'> & { info?: string }) {
  return {
    code: r.code,
    data: r.data.length > 0 ? toBase64(r.data) : null,
    log: r.log,
    info: r.info ?? '',
    gas_wanted: r.gasWanted.toString(),
    gas_used: r.gasUsed.toString(),
    events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map(attributeJson) })),
    codespace: r.codespace,
  }
}

/** An empty ExecTxResult in jsonpb form (broadcast_tx_commit when CheckTx refuses the tx). */
export const EMPTY_EXEC_TX_RESULT = {
  code: 0,
  data: null,
  log: '',
  info: '',
  gas_wanted: '0',
  gas_used: '0',
  events: [],
  codespace: '',
} as const

/** A block's header as CometBFT's `header` route answers it (`{"header":null}` when unknown). */
export function resultHeaderJson(stored: StoredBlock | undefined) {
  return { header: stored ? headerJson(stored.block.header) : null }
}

/** The `block_by_hash` answer for an unknown hash: an empty block id and no block. */
export const NO_BLOCK = { block_id: blockIdJson(EMPTY_BLOCK_ID), block: null }
