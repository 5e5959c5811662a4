import type { DevChanges } from '../chain/consensus-state.js'
import type { Mempool } from '../chain/mempool.js'
import type { MiningMode } from '../chain/mining-loop.js'
import type { BlockProducer } from '../chain/producer.js'
import { fromBase64Strict, readUint64BE, toBase64, uint64BE, utf8 } from '../codec/bytes.js'
import { ErrInvalidRequest, wrapText } from '../errors.js'
import type { MiningModeName } from '../server/rpc/dev-api.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import { metaKey } from '../store/keys.js'
import type { Impersonation, ImpersonationState } from '../tx/impersonation.js'

// The dev API's snapshots, reverts and reset: records in the database's meta keys, so snapshots and
// reverts survive a restart.

/** Meta key of the next snapshot number, and prefix of the snapshot records. */
const NEXT_SNAPSHOT = metaKey('dev/next-snapshot')
const SNAPSHOT_PREFIX = 'dev/snapshot/'

/**
 * What a snapshot keeps besides the height: the mempool, the mining mode, the block clock and the
 * impersonated accounts (absent from records of builds before impersonation: none).
 */
interface SnapshotRecord {
  id: string
  height: number
  txs: string[]
  mining: { mode: MiningModeName; intervalMs: number }
  clock: { offsetNs: string; nextTime?: string }
  impersonating?: ImpersonationState
}

export interface DevSnapshotsOptions {
  producer: BlockProducer
  backend: StoreBackend
  mempool: Mempool | undefined
  impersonation: Impersonation | undefined
  /** The height of the genesis state (the chain's initial height − 1). */
  genesisHeight: number
  /** The upgrade applied last on the chain (x/upgrade's done markers; height 0: none). */
  lastUpgrade(): Promise<{ name: string; height: bigint }>
}

/** Snapshot ids are hex quantities from 0x1 (Hardhat's form; anvil starts at 0x0). */
const idOf = (n: number) => `0x${n.toString(16)}`
const numberOf = (id: string) =>
  /^0x[0-9a-f]+$/i.test(id) ? Number.parseInt(id.slice(2), 16) : Number.NaN
const snapshotKey = (n: number) => metaKey(`${SNAPSHOT_PREFIX}${n.toString(16).padStart(12, '0')}`)
const dropOf = (r: SnapshotRecord): BatchOp => ({ type: 'del', key: snapshotKey(numberOf(r.id)) })

export class DevSnapshots {
  /**
   * The dev API's consensus changes each snapshot saw (validators silenced, evidence pending): in
   * memory, as they are (a restart forgets them, and a snapshot taken before it then has none).
   */
  private readonly devChanges = new Map<number, DevChanges>()

  constructor(private readonly o: DevSnapshotsOptions) {}

  /** The live snapshot records, oldest first. */
  records(): Promise<SnapshotRecord[]> {
    return snapshotRecords(this.o.backend)
  }

  async snapshot(): Promise<{ id: string; height: number }> {
    const { producer, backend, mempool, impersonation } = this.o
    // The height whose state is durable: a block being built is waited for.
    await producer.drain()
    const stored = await backend.get(NEXT_SNAPSHOT)
    const n = stored ? Number(readUint64BE(stored)) : 1
    const c = producer.blockClock
    const record: SnapshotRecord = {
      id: idOf(n),
      height: producer.height,
      txs: (mempool?.txs() ?? []).map(toBase64),
      mining: producer.miningMode,
      clock: {
        offsetNs: c.offsetNs.toString(),
        ...(c.nextTime !== undefined ? { nextTime: c.nextTime.toString() } : {}),
      },
      ...(impersonation?.active ? { impersonating: impersonation.state() } : {}),
    }
    await producer.writeMeta([
      { type: 'put', key: snapshotKey(n), value: utf8(JSON.stringify(record)) },
      { type: 'put', key: NEXT_SNAPSHOT, value: uint64BE(n + 1) },
    ])
    this.devChanges.set(n, producer.consensus.devChanges())
    return { id: record.id, height: record.height }
  }

  async revert(id: string, keep = false): Promise<number> {
    const { producer, mempool } = this.o
    const records = await this.records()
    const n = numberOf(id)
    const record = records.find((r) => numberOf(r.id) === n)
    if (!record) {
      const known = records.map((r) => r.id).join(', ') || 'none'
      throw ErrInvalidRequest.wrap(
        `unknown snapshot id ${id} (snapshots: ${known}; a reverted snapshot and the ones after it are used up)`,
      )
    }
    await this.refuseAcrossUpgrade(
      record.height,
      `cannot revert to snapshot ${id} (height ${record.height})`,
    )
    // The snapshot and every later one are used up, as anvil and Hardhat do; kept, the snapshot
    // itself stays (the state it holds is the state the chain goes back to).
    const dropped = records
      .filter((r) => numberOf(r.id) > n || (numberOf(r.id) === n && !keep))
      .map(dropOf)
    await this.rollBack(record.height, dropped, record.mining, async () => {
      producer.restoreClock({
        offsetNs: BigInt(record.clock.offsetNs),
        nextTime: record.clock.nextTime === undefined ? undefined : BigInt(record.clock.nextTime),
      })
      this.o.impersonation?.restore(record.impersonating)
      producer.consensus.restoreDevChanges(this.devChanges.get(n))
      for (const k of [...this.devChanges.keys()])
        if (k > n || (k === n && !keep)) this.devChanges.delete(k)
      await mempool?.reset(record.txs.map((t) => fromBase64Strict(t) ?? new Uint8Array()))
    })
    return producer.height
  }

  /**
   * Goes back to the genesis state (anvil_reset): the chain's state and blocks to the first
   * height's, every snapshot used up (ids are not given again), the mempool emptied, the block
   * clock on the wall clock, every validator the node holds signing, no pending evidence, no
   * account impersonated. The mining mode stays. Refused when pruning has removed the genesis
   * state. The height after it.
   */
  async reset(): Promise<number> {
    const { producer, mempool } = this.o
    const first = this.o.genesisHeight
    await this.refuseAcrossUpgrade(first, `cannot reset to the genesis state (height ${first})`)
    const mining = producer.miningMode
    await this.rollBack(first, (await this.records()).map(dropOf), mining, async () => {
      producer.restoreClock({ offsetNs: 0n, nextTime: undefined })
      producer.consensus.forgetDevChanges()
      this.devChanges.clear()
      this.o.impersonation?.restore(undefined)
      await mempool?.reset([])
    }).catch((err: unknown) => {
      if (!ErrInvalidRequest.is(err)) throw err
      const why = wrapText(err).replace(/^cannot roll back to height \d+: /, '')
      throw ErrInvalidRequest.wrap(
        `cannot reset to the genesis state (height ${first}): ${why}; start the chain over with sdkd devnet --reset`,
      )
    })
    return producer.height
  }

  /**
   * Rolls the chain back to `height` with `ops`, then puts back what `restore` restores before a
   * block can be made (the mining loop waits meanwhile), then mines as `mining` says.
   */
  private async rollBack(
    height: number,
    ops: BatchOp[],
    mining: MiningMode,
    restore: () => Promise<void>,
  ): Promise<void> {
    const { producer } = this.o
    const before = producer.miningMode
    producer.setMining({ ...before, mode: 'manual' })
    try {
      await producer.rollbackTo(height, ops)
    } catch (err) {
      producer.setMining(before)
      throw err
    }
    try {
      await restore()
    } finally {
      producer.setMining(mining)
    }
  }

  /**
   * Refuses to go back to `height` below an upgrade the chain applied: this binary is the upgraded
   * one, which cannot make the heights before it again (upstream's would halt at the next block:
   * `BINARY UPDATED BEFORE TRIGGER!`).
   */
  private async refuseAcrossUpgrade(height: number, what: string): Promise<void> {
    const last = await this.o.lastUpgrade()
    if (last.height <= BigInt(height)) return
    throw ErrInvalidRequest.wrap(
      `${what}: the chain applied upgrade "${last.name}" at height ${last.height} after it, and this binary is the upgraded one, which cannot make the heights before that again; start the chain over with the binary it started with (sdkd devnet --reset --app-version <it>)`,
    )
  }
}

async function snapshotRecords(backend: StoreBackend): Promise<SnapshotRecord[]> {
  const gte = metaKey(SNAPSHOT_PREFIX)
  const lt = metaKey(`${SNAPSHOT_PREFIX.slice(0, -1)}0`)
  const out: SnapshotRecord[] = []
  for await (const [, value] of backend.entries({ gte, lt })) {
    out.push(JSON.parse(Buffer.from(value).toString('utf8')) as SnapshotRecord)
  }
  return out
}

/**
 * The deletes of the dev snapshots taken above `height` (a rollback below them: their state is
 * gone, as a revert uses up the snapshots after its own).
 */
export async function snapshotDropsAbove(
  backend: StoreBackend,
  height: number,
): Promise<BatchOp[]> {
  return (await snapshotRecords(backend)).filter((r) => r.height > height).map(dropOf)
}
