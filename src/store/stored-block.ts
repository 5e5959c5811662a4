import protobuf from 'protobufjs/light.js'
import type { Block, BlockBuilder } from '../block/block.js'
import type { Event } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import { emptiedWriter, type Proto, type ProtoRegistry, type ProtoType } from '../codec/proto.js'
import type { GenesisJson } from '../config/genesis.js'
import {
  eventFromProto,
  resultFromProto,
  type StoredValidatorUpdate,
  type TxResult,
  validatorUpdatesFromProto,
  validatorUpdatesToProto,
} from './block-record.js'
import type { BlockResults } from './block-results.js'

/** A committed block with everything stored beside it. */
export interface StoredBlock {
  block: Block
  results: TxResult[]
  /**
   * The results in compact form, when the block was executed here (its results are kept encoded
   * until durable, and decoded only when read): the record and the index are written from it.
   */
  compactResults?: BlockResults | undefined
  /** App hash after this block. */
  appHash: Bytes
  beginBlockEvents: Event[]
  endBlockEvents: Event[]
  /** The validator updates its EndBlock returned (`/block_results`, the NewBlock event). */
  validatorUpdates?: readonly StoredValidatorUpdate[] | undefined
  /**
   * The consensus params after this block (what an SDK app's FinalizeBlock returns as
   * `consensus_param_updates`), while the block is the one just made: its NewBlock event's.
   */
  consensusParamsAfter?: GenesisJson['consensus']['params'] | undefined
  /** Size of the block's proto encoding in bytes. */
  size: number
}

/** The block record (`sdk.store.v1.BlockRecord`): a stored block as the block store keeps it. */
export class BlockRecordCodec {
  private readonly type: ProtoType<'sdk.store.v1.BlockRecord'>
  /**
   * One writer for every block record (a record is copied out of it): a fresh writer per block
   * grew its buffer from 128 bytes to the record's size, four allocations and copies per block.
   */
  private readonly writer = protobuf.Writer.create()

  constructor(
    private readonly registry: ProtoRegistry,
    private readonly builder: BlockBuilder,
  ) {
    this.type = registry.type('sdk.store.v1.BlockRecord')
  }

  /** The record of `stored`, its results given in compact form. */
  encode(stored: StoredBlock, compact: BlockResults): Bytes {
    const { block } = stored
    // The results are spliced in as they were encoded (the record's `tx_results` entries, fields
    // 1-4 before them and 6-8 after): encoded once, not again.
    const w = emptiedWriter(this.writer)
    this.type.encode(
      {
        block: block.bytes,
        block_hash: block.blockId.hash,
        part_total: block.blockId.parts.total,
        part_hash: block.blockId.parts.hash,
      },
      w,
    )
    w.raw(compact.framed)
    this.type.encode(
      {
        app_hash: stored.appHash,
        // Events have the fields of tendermint.abci.Event: encoded as they are, not copied.
        begin_block_events: stored.beginBlockEvents,
        end_block_events: stored.endBlockEvents,
        validator_updates: validatorUpdatesToProto(stored.validatorUpdates),
      },
      w,
    )
    return w.finish()
  }

  /** A record's fields, decoded (a revert reads the hash and the results' count alone). */
  fields(bytes: Bytes): Proto<'sdk.store.v1.BlockRecord'> {
    return this.registry.decode(this.type, bytes)
  }

  /** The stored block of a record. */
  decode(bytes: Bytes): StoredBlock {
    return this.stored(this.fields(bytes))
  }

  /** The stored block of a record's fields. */
  stored(r: Proto<'sdk.store.v1.BlockRecord'>): StoredBlock {
    // Copies: an unset bytes field is an empty plain array, and decoded ones share the read buffer.
    const blockBytes = new Uint8Array(r.block)
    const block = this.builder.decode(blockBytes, {
      hash: new Uint8Array(r.block_hash),
      parts: { total: r.part_total, hash: new Uint8Array(r.part_hash) },
    })
    return {
      block,
      results: r.tx_results.map(resultFromProto),
      appHash: new Uint8Array(r.app_hash),
      beginBlockEvents: r.begin_block_events.map(eventFromProto),
      endBlockEvents: r.end_block_events.map(eventFromProto),
      validatorUpdates: validatorUpdatesFromProto(r.validator_updates),
      size: blockBytes.length,
    }
  }
}
