import type { TxKeepers } from '../app/tx-keepers.js'
import type { BlockContext, RoutedMsgHandler } from '../app/types.js'
import type { Event } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { AnyMessage, ProtoRegistry } from '../codec/proto.js'
import { SIGN_MODE_DIRECT } from '../codec/sign-doc.js'
import { GrpcCode, StatusError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { TxResult } from '../store/block-store.js'
import type { KVReader } from '../store/types.js'
import { thenNow } from '../store/value-now.js'
import { directSignDoc, rememberDirectVerified, txSigners } from './ante-facts.js'
import type { AnteOptions } from './ante-types.js'
import { type DecodedTx, decodeTx } from './decode.js'
import type { DecCoin } from './fees.js'
import { Impersonation } from './impersonation.js'
import { type RunTxEnv, runTx, type TxOutcome } from './run-tx.js'
import {
  chooseSecp256k1,
  DEFAULT_SECP256K1,
  type Secp256k1Choice,
  type Secp256k1Verifier,
  SignatureCache,
} from './secp256k1.js'
import { VerifyPool } from './verify-pool.js'

export interface TxRunnerOptions {
  registry: ProtoRegistry
  chainId: string
  /** The msg router: handlers by type URL (App.msgHandlers). */
  handlers: ReadonlyMap<string, RoutedMsgHandler>
  keepers: TxKeepers
  /** app.toml minimum-gas-prices, parsed. */
  minGasPrices: readonly DecCoin[]
  /** Consensus block max gas (-1: unlimited). */
  blockMaxGas: bigint
  /** app.toml index-events (`type.key`); empty: every attribute is indexed. */
  indexEvents: readonly string[]
  logger: Logger
  /**
   * Worker threads that verify signatures ahead of CheckTx; default 0: the node's thread verifies
   * them. The node starts one where it has a second core (its runtime options).
   */
  verifyWorkers?: number
  /** The secp256k1 library (default libsecp256k1 where it loads), on every thread. */
  secp256k1?: Secp256k1Choice
  /**
   * Told each signer's account number as `preverify` reads it (the broadcast ingress workers verify
   * later txs of that signer with it).
   */
  publishAccountNumber?(address: Bytes, accountNumber: bigint): void
}

export type { TxOutcome } from './run-tx.js'

/** A successful simulation (sdk.tx.v1beta1.SimulateResponse). */
export interface SimulationResult {
  gasWanted: bigint
  gasUsed: bigint
  data: Bytes
  events: Event[]
  msgResponses: AnyMessage[]
}

/**
 * Upstream MarkEventsToIndex: with an index-events list, only those `type.key` attributes are
 * indexed. Marks the events in place (they are the tx's own, fresh from its run) and returns them.
 */
export function markEventsToIndex(events: Event[], indexEvents: ReadonlySet<string>): Event[] {
  const all = indexEvents.size === 0
  for (const e of events) {
    for (const a of e.attributes) a.index = all || indexEvents.has(`${e.type}.${a.key}`)
  }
  return events
}

/**
 * Runs transactions as upstream's runTx: decode, message checks, the ante handler on a branch
 * (written only when it passes: fee and sequence are kept even if a message fails), then the
 * messages on a second branch written only in a block and only if all succeed. A failing tx gets
 * its code and log; nothing throws out of here but bugs of the node itself.
 */
/** Executes the txs of a block (the tx pipeline plugs in here). */
export interface TxExecutor {
  deliverTx(ctx: BlockContext, tx: Bytes, index: number): TxResult | Promise<TxResult>
}

export class TxRunner implements TxExecutor {
  /** The secp256k1 verifier of the node's thread (`fallback` says why it is node:crypto). */
  readonly verifier: Secp256k1Verifier
  readonly sigCache: SignatureCache
  /** The accounts the dev API impersonates (none unless it is asked). */
  readonly impersonation = new Impersonation()
  /** Started with the first tx (a node that takes none starts no threads); null: none available. */
  private pool: VerifyPool | null | undefined
  private readonly ante: AnteOptions
  private readonly indexSet: ReadonlySet<string>
  /** What a tx's run needs of this runner (run-tx.ts). */
  private readonly env: RunTxEnv
  /** Txs decoded by CheckTx, by their bytes object: the block runs the very same bytes again. */
  private readonly decoded = new WeakMap<Bytes, DecodedTx>()
  /** Txs decoded and checked as they arrived (`acceptChecked`), by their bytes object. */
  private readonly checkedAhead = new WeakMap<
    Bytes,
    { verified: readonly { index: number; accountNumber: bigint }[]; all: boolean }
  >()

  constructor(private readonly o: TxRunnerOptions) {
    this.verifier = chooseSecp256k1(o.secp256k1 ?? DEFAULT_SECP256K1)
    this.sigCache = new SignatureCache(this.verifier)
    this.ante = {
      registry: o.registry,
      chainId: o.chainId,
      keepers: o.keepers,
      minGasPrices: o.minGasPrices,
      blockMaxGas: o.blockMaxGas,
      sigCache: this.sigCache,
      impersonation: this.impersonation,
    }
    this.indexSet = new Set(o.indexEvents)
    if (!o.verifyWorkers) this.pool = null
    this.env = {
      ante: this.ante,
      handlers: o.handlers,
      registry: o.registry,
      logger: o.logger,
      decode: (bytes) => this.decode(bytes),
    }
  }

  /**
   * The consensus block max gas of the txs checked and run from now on (a governance proposal
   * changed the consensus params): upstream's ante handler reads them from each tx's context.
   */
  setBlockMaxGas(gas: bigint): void {
    this.ante.blockMaxGas = gas
  }

  /** Decodes tx bytes (throws `tx parse error`); remembers the result for these bytes. */
  decode(bytes: Bytes): DecodedTx {
    let tx = this.decoded.get(bytes)
    if (!tx) {
      const ahead = this.checkedAhead.get(bytes)
      tx = decodeTx(this.o.registry, bytes, { wireChecked: ahead !== undefined })
      this.decoded.set(bytes, tx)
      if (ahead) {
        for (const v of ahead.verified) {
          const pub = tx.signerInfos[v.index]?.publicKey?.key
          if (pub) rememberDirectVerified(this.ante, tx, v.index, pub, v.accountNumber)
        }
        // Taken over by the decoded tx's facts: the record dies young instead of waiting, with the
        // tx's bytes, for the block.
        this.checkedAhead.delete(bytes)
      }
    }
    return tx
  }

  /**
   * Verifies a tx's signatures on the verify pool ahead of CheckTx, against `state` (the check
   * state: account numbers and keys); valid ones land in the signature cache, so the ante handler
   * does not verify them again on the main thread. Anything unusual is left to the ante handler.
   */
  preverify(bytes: Bytes, state: { store(name: string): KVReader }): void | Promise<void> {
    // Nothing to wait for where the broadcast's worker verified every signature (each broadcast).
    if (this.checkedAhead.get(bytes)?.all) return
    return this.verifyOnPool(bytes, state)
  }

  private async verifyOnPool(
    bytes: Bytes,
    state: { store(name: string): KVReader },
  ): Promise<void> {
    if (this.pool === undefined) {
      this.pool =
        VerifyPool.create({
          size: this.o.verifyWorkers ?? 0,
          secp256k1: this.o.secp256k1 ?? DEFAULT_SECP256K1,
          log: this.o.logger,
        }) ?? null
    }
    const pool = this.pool
    if (!pool) return
    let tx: DecodedTx
    let signers: Bytes[]
    try {
      tx = this.decode(bytes)
      signers = txSigners(tx)
    } catch {
      return
    }
    const jobs: Promise<void>[] = []
    for (let i = 0; i < signers.length; i++) {
      const signer = signers[i]!
      const sig = tx.signatures[i]
      const info = tx.signerInfos[i]
      if (sig?.length !== 64 || info?.mode !== SIGN_MODE_DIRECT) continue
      const peeked = this.o.keepers.accounts.peekAccountNow(state, signer)
      const acc = peeked instanceof Promise ? await peeked : peeked
      const pub =
        info.publicKey?.key ??
        (acc?.pubKey
          ? this.o.registry.decode('sdk.crypto.secp256k1.PubKey', acc.pubKey.value).key
          : undefined)
      if (!acc || !pub) continue
      const { accountNumber } = acc
      this.o.publishAccountNumber?.(signer, accountNumber)
      const doc = directSignDoc(this.ante, tx, accountNumber)
      const verified = pool.verify({ pub, msg: doc.bytes, digest: doc.digest, sig })
      if (!verified) continue
      jobs.push(
        verified.then((ok) => {
          if (ok) rememberDirectVerified(this.ante, tx, i, pub, accountNumber)
        }),
      )
    }
    await Promise.all(jobs)
  }

  /**
   * Takes tx `bytes` as decoded and checked on another thread as they arrived, with the signatures
   * verified there (signature `index` valid for its signer info's key and `accountNumber`). Nothing
   * is done now (a tx the mempool refuses at once is never decoded here): when the tx is decoded it
   * skips the wire scans it passed there, and its verified signatures are remembered — the ante
   * handler takes them as verified only where the signer's account has that number and key. With
   * every signer's verified, `preverify` skips the tx.
   */
  acceptChecked(
    bytes: Bytes,
    verified: readonly { index: number; accountNumber: bigint }[],
    signers: number,
  ): void {
    this.checkedAhead.set(bytes, { verified, all: signers > 0 && verified.length === signers })
  }

  /** Stops the verify pool. */
  async close(): Promise<void> {
    await this.pool?.close()
  }

  /** DeliverTx: runs a tx of a block on the block's state. */
  deliverTx(ctx: BlockContext, bytes: Bytes, _index: number): TxResult | Promise<TxResult> {
    return thenNow(runTx(this.env, 'deliver', ctx, bytes), (out) => {
      // A tx runs in one block: what CheckTx decoded for it is not needed again.
      this.decoded.delete(bytes)
      return {
        code: out.code,
        data: out.data,
        log: out.log,
        info: out.info,
        gasWanted: out.gasWanted,
        gasUsed: out.gasUsed,
        events: markEventsToIndex(out.events, this.indexSet),
        codespace: out.codespace,
      }
    })
  }

  /** CheckTx / ReCheckTx on the mempool's check state (`ctx.state`). */
  checkTx(
    ctx: BlockContext,
    bytes: Bytes,
    recheck: boolean,
    tx?: DecodedTx,
  ): TxOutcome | Promise<TxOutcome> {
    return runTx(this.env, recheck ? 'recheck' : 'check', ctx, bytes, tx)
  }

  /**
   * Simulates a tx on `ctx.state` (a throw-away branch): no signature checks, infinite gas. A
   * failure is a status error `<log> with gas used: '<n>'` carrying the failure's status code.
   */
  async simulate(ctx: BlockContext, bytes: Bytes): Promise<SimulationResult> {
    const out = await runTx(this.env, 'simulate', ctx, bytes)
    if (out.code !== 0) {
      // The tx's own error is the cause: `/app/simulate` answers with its ABCI code.
      throw new StatusError(
        out.grpcCode ?? GrpcCode.Unknown,
        `${out.log} with gas used: '${out.gasUsed}'`,
        { cause: out.error },
      )
    }
    return {
      gasWanted: out.gasWanted,
      gasUsed: out.gasUsed,
      data: out.data,
      events: out.events,
      msgResponses: out.msgResponses,
    }
  }
}
