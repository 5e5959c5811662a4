import { int64Of } from '../codec/int64.js'
import type { Proto } from '../codec/proto.js'
import type { Logger } from '../logger.js'
import { decodeChunkHashes, encodeChunkHashes } from '../store/snapshot-files.js'
import type { AbciResponse as Res } from './abci-application.js'
import { type Restored, SnapshotRefusal, type StateSnapshots } from './state-snapshots.js'

/** `ResponseOfferSnapshot.Result`. */
export const OFFER = { ACCEPT: 1, ABORT: 2, REJECT: 3, REJECT_FORMAT: 4 } as const
/** `ResponseApplySnapshotChunk.Result`. */
export const APPLY = { ACCEPT: 1, ABORT: 2, RETRY: 3 } as const

/**
 * The four state sync methods of ABCI over the node's snapshots, answered as upstream's BaseApp
 * answers them; without snapshots (none configured) the list is empty and a restore aborts.
 */
export class AbciSnapshots {
  constructor(
    private readonly snapshots: StateSnapshots | undefined,
    private readonly log: Logger,
  ) {}

  async list(): Promise<Res<'ListSnapshots'>> {
    const all = (await this.snapshots?.list()) ?? []
    return {
      snapshots: all.map((s) => ({
        height: s.height,
        format: s.format,
        chunks: s.chunks,
        hash: s.hash,
        metadata: encodeChunkHashes(s.chunkHashes),
      })),
    }
  }

  async loadChunk(req: Proto<'tendermint.abci.RequestLoadSnapshotChunk'>) {
    if (!this.snapshots) return { chunk: new Uint8Array() }
    const chunk = await this.snapshots.loadChunk(Number(int64Of(req.height)), req.format, req.chunk)
    return { chunk }
  }

  offer(req: Proto<'tendermint.abci.RequestOfferSnapshot'>): Res<'OfferSnapshot'> {
    if (!this.snapshots) {
      this.log.error('snapshot manager not configured')
      return { result: OFFER.ABORT }
    }
    const s = req.snapshot
    if (!s) {
      this.log.error('received nil snapshot')
      return { result: OFFER.REJECT }
    }
    const height = Number(int64Of(s.height))
    try {
      // Metadata that does not decode is the snapshot's fault (REJECT, as upstream); any other
      // failure, not a refusal of the snapshot, stops the restore (ABORT).
      let chunkHashes: Uint8Array[]
      try {
        chunkHashes = decodeChunkHashes(new Uint8Array(s.metadata))
      } catch (err) {
        throw new SnapshotRefusal('metadata', (err as Error).message)
      }
      this.snapshots.offer(
        { height, format: s.format, chunks: s.chunks, hash: new Uint8Array(s.hash), chunkHashes },
        new Uint8Array(req.app_hash),
      )
      return { result: OFFER.ACCEPT }
    } catch (err) {
      const kind = err instanceof SnapshotRefusal ? err.kind : 'other'
      if (kind === 'format') return { result: OFFER.REJECT_FORMAT }
      const msg = (err as Error).message
      if (kind === 'metadata') {
        this.log.error({ height, format: s.format, err: msg }, 'rejecting invalid snapshot')
        return { result: OFFER.REJECT }
      }
      this.log.error({ height, format: s.format, err: msg }, 'failed to restore snapshot')
      return { result: OFFER.ABORT }
    }
  }

  /** ApplySnapshotChunk; `onRestored` hears of the state once the last chunk restored it. */
  async applyChunk(
    req: Proto<'tendermint.abci.RequestApplySnapshotChunk'>,
    onRestored: (r: Restored) => Promise<void>,
  ): Promise<Res<'ApplySnapshotChunk'>> {
    if (!this.snapshots) {
      this.log.error('snapshot manager not configured')
      return { result: APPLY.ABORT }
    }
    try {
      const restored = await this.snapshots.applyChunk(new Uint8Array(req.chunk))
      if (restored) await onRestored(restored)
      return { result: APPLY.ACCEPT }
    } catch (err) {
      const msg = (err as Error).message
      if (err instanceof SnapshotRefusal && err.kind === 'chunk-hash') {
        this.log.error(
          { chunk: req.index, sender: req.sender, err: msg },
          'chunk checksum mismatch; rejecting sender and requesting refetch',
        )
        return { result: APPLY.RETRY, refetch_chunks: [req.index], reject_senders: [req.sender] }
      }
      this.log.error({ err: msg }, 'failed to restore snapshot')
      return { result: APPLY.ABORT }
    }
  }
}
