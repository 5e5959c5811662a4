import protobuf from 'protobufjs/light.js'
import { resultLeafHash } from '../block/results-hash.js'
import type { Bytes } from '../codec/bytes.js'
import { EMPTY_HASH, merkleRootFromLeafHashes } from '../codec/hash.js'
import { type ProtoType, protoRegistry } from '../codec/proto.js'
import { resultFromProto, type TxResult, txResultToProto } from './block-record.js'

/** The tag of the block record's `tx_results` (field 5, length-delimited). */
const TX_RESULTS_TAG = (5 << 3) | 2

let execTxResult: ProtoType<'tendermint.abci.ExecTxResult'> | undefined

function execType(): ProtoType<'tendermint.abci.ExecTxResult'> {
  execTxResult ??= protoRegistry().type('tendermint.abci.ExecTxResult')
  return execTxResult
}

/**
 * A block's tx results in compact form: each result encoded once, as the block record stores it
 * (`tx_results` entries, tag and length included), all in one buffer off V8's heap, with each
 * result's code and its leaf of last_results_hash beside it. A block's results live from its
 * execution until its height is durable (the commit queue, the recheck, the block store's
 * writes): as objects (a result, its events, their attributes, a dozen strings each) they
 * outlived young-generation collections and were promoted; as bytes they are one buffer a block.
 * Readers that need the objects decode the ones they read.
 */
export class BlockResults {
  private decoded: (TxResult | undefined)[] | undefined

  constructor(
    /** The record's `tx_results` entries, back to back. */
    readonly framed: Bytes,
    /** Where each result's encoding (after its tag and length) starts and ends in `framed`. */
    private readonly bounds: Uint32Array,
    private readonly codes: Uint32Array,
    /** Each result's leaf hash of last_results_hash, 32 bytes each. */
    private readonly leaves: Bytes,
  ) {}

  /** Results in compact form from result objects (a block read back, a test). */
  static of(results: readonly TxResult[]): BlockResults {
    const b = new BlockResultsBuilder(results.length)
    for (const r of results) b.add(r)
    return b.finish()
  }

  get length(): number {
    return this.codes.length
  }

  /** The code of the result at `index`. */
  code(index: number): number {
    return this.codes[index]!
  }

  /** The ExecTxResult encoding of the result at `index` (a view into the block's buffer). */
  encoded(index: number): Bytes {
    return this.framed.subarray(this.bounds[2 * index]!, this.bounds[2 * index + 1]!)
  }

  /** The result at `index`, decoded (once) from its encoding. */
  get(index: number): TxResult {
    this.decoded ??= new Array<TxResult | undefined>(this.length)
    let r = this.decoded[index]
    if (!r) {
      r = resultFromProto(protoRegistry().decode(execType(), this.encoded(index)))
      this.decoded[index] = r
    }
    return r
  }

  /** Every result, decoded (once). */
  all(): TxResult[] {
    const out = new Array<TxResult>(this.length)
    for (let i = 0; i < out.length; i++) out[i] = this.get(i)
    return out
  }

  /** last_results_hash of these results (CometBFT's ABCIResults.Hash). */
  hash(): Bytes {
    if (this.length === 0) return EMPTY_HASH
    const leaves = new Array<Bytes>(this.length)
    for (let i = 0; i < leaves.length; i++) leaves[i] = this.leaves.subarray(32 * i, 32 * i + 32)
    return merkleRootFromLeafHashes(leaves)
  }
}

/** Encodes a block's results one by one as they are delivered; the objects can go at once. */
export class BlockResultsBuilder {
  private readonly writer = protobuf.Writer.create()
  private bounds: Uint32Array
  private codes: Uint32Array
  private leaves: Uint8Array
  private n = 0

  constructor(expected: number) {
    const size = Math.max(expected, 1)
    this.bounds = new Uint32Array(2 * size)
    this.codes = new Uint32Array(size)
    this.leaves = new Uint8Array(32 * size)
  }

  add(r: TxResult): void {
    if (this.n === this.codes.length) this.grow()
    const w = this.writer
    w.uint32(TX_RESULTS_TAG).fork()
    const start = w.pos
    execType().encode(txResultToProto(r), w)
    // The length varint in front may grow by a few bytes when the fork is closed.
    const len = w.pos - start
    w.ldelim()
    this.bounds[2 * this.n] = w.pos - len
    this.bounds[2 * this.n + 1] = w.pos
    this.codes[this.n] = r.code >>> 0
    this.leaves.set(resultLeafHash(r), 32 * this.n)
    this.n++
  }

  private grow(): void {
    const size = this.codes.length * 2
    const bounds = new Uint32Array(2 * size)
    bounds.set(this.bounds)
    this.bounds = bounds
    const codes = new Uint32Array(size)
    codes.set(this.codes)
    this.codes = codes
    const leaves = new Uint8Array(32 * size)
    leaves.set(this.leaves)
    this.leaves = leaves
  }

  /** The results so far, in one buffer of their size. */
  finish(): BlockResults {
    const n = this.n
    return new BlockResults(
      this.writer.finish(),
      this.bounds.slice(0, 2 * n),
      this.codes.slice(0, n),
      this.leaves.slice(0, 32 * n),
    )
  }
}
