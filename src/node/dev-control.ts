import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import type { BlockBuilder } from '../block/block.js'
import { ValidatorSetError } from '../block/validator-set.js'
import type { Mempool } from '../chain/mempool.js'
import type { BlockProducer } from '../chain/producer.js'
import type { ProduceOptions } from '../chain/producer-options.js'
import { bech32ToAddress } from '../codec/address.js'
import {
  type Bytes,
  fromBase64Strict,
  fromHex,
  readUint64BE,
  toBase64,
  uint64BE,
  utf8,
} from '../codec/bytes.js'
import type { Coin } from '../codec/coins.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { LATEST_TIME, LATEST_TIME_TEXT, nowNs, type TimeNs } from '../codec/time.js'
import type { LoadedHome } from '../config/home.js'
import { ChainHaltError, ErrInvalidAddress, ErrInvalidRequest, ErrNotSupported } from '../errors.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import type { QueryRouter } from '../server/query/router.js'
import type {
  DevApi,
  DevClock,
  DevStatus,
  EndedVoting,
  MiningModeName,
} from '../server/rpc/dev-api.js'
import { RpcError } from '../server/rpc/errors.js'
import type { BatchOp, StoreBackend } from '../store/backend.js'
import type { BlockStore, StoredBlock } from '../store/block-store.js'
import { metaKey } from '../store/keys.js'
import type { VersionedStore } from '../store/versioned-store.js'
import { endVotingPeriod } from './dev-gov.js'
import {
  addressText,
  doubleSign,
  LIGHT_CLIENT_ATTACKS,
  type LightClientAttackKind,
  lightClientAttack,
  resolveValidator,
} from './dev-validators.js'

/** Meta key of the next snapshot number, and prefix of the snapshot records. */
const NEXT_SNAPSHOT = metaKey('dev/next-snapshot')
const SNAPSHOT_PREFIX = 'dev/snapshot/'

/** What a snapshot keeps besides the height: the mempool, the mining mode and the block clock. */
interface SnapshotRecord {
  id: string
  height: number
  txs: string[]
  mining: { mode: MiningModeName; intervalMs: number }
  clock: { offsetNs: string; nextTime?: string }
}

export interface DevControlOptions {
  producer: BlockProducer
  backend: StoreBackend
  app: App
  mempool: Mempool | undefined
  /** The account `dev_fund` sends from by default (the devnet's `validator`), if the chain has one. */
  faucet: Bytes | undefined
  /** The chain's state (x/staking's validators, for operator addresses). */
  store: VersionedStore
  registry: ProtoRegistry
  /** The blocks and their builder (dev_doubleSign signs votes for a committed block). */
  blocks: BlockStore
  builder: BlockBuilder
  /** The query router (x/gov's proposals, for dev_endVotingPeriod); built on first use. */
  router(): QueryRouter
}

/** CometMock's `private_key_address` as upper-case hex, if it is 40 hex digits (any case). */
function keyAddressHex(text: string): string | undefined {
  const hex = text.toUpperCase()
  return /^[0-9A-F]{40}$/.test(hex) ? hex : undefined
}

/** A light client attack's kind, as CometMock names them (and refuses others). */
function attackKind(kind: string | undefined): LightClientAttackKind {
  const known = LIGHT_CLIENT_ATTACKS.find((k) => k === kind)
  if (!known)
    throw new RpcError(
      -32602,
      'Invalid params',
      `unknown misbehaviour type ${kind ?? ''}, possible types are: ${LIGHT_CLIENT_ATTACKS.join(', ')}`,
    )
  return known
}

/** Snapshot ids are hex quantities from 0x1 (Hardhat's form; anvil starts at 0x0). */
const idOf = (n: number) => `0x${n.toString(16)}`
const numberOf = (id: string) =>
  /^0x[0-9a-f]+$/i.test(id) ? Number.parseInt(id.slice(2), 16) : Number.NaN
const snapshotKey = (n: number) => metaKey(`${SNAPSHOT_PREFIX}${n.toString(16).padStart(12, '0')}`)

/**
 * The dev API of a node: mining, time travel, snapshots and out-of-band balance edits. Every block it
 * makes goes through the block producer like any other; snapshot records live in the database's
 * meta keys, so snapshots and reverts survive a restart.
 */
export class DevControl implements DevApi {
  constructor(private readonly o: DevControlOptions) {}

  private clock(): DevClock {
    const p = this.o.producer
    const c = p.blockClock
    const now = nowNs()
    const byClock = now + c.offsetNs
    const last = p.lastBlockTime
    const next = c.nextTime ?? (byClock > last ? byClock : last + 1n)
    // The lead over the wall clock the chain has from the next block on: a time set ahead (time
    // travel) becomes the clock's offset once its block is made.
    const ahead = c.nextTime !== undefined ? c.nextTime - now : 0n
    const lead = ahead > c.offsetNs ? ahead : c.offsetNs
    return { nextBlockTime: next, offsetSeconds: Number(lead / 1_000_000n) / 1000 }
  }

  async status(): Promise<DevStatus> {
    const p = this.o.producer
    return {
      height: p.height,
      lastBlockTime: p.lastBlockTime,
      mining: p.miningMode,
      clock: this.clock(),
      snapshots: (await this.records()).map((r) => ({ id: r.id, height: r.height })),
      signing: p.consensus.signingStatuses(),
      ...(p.consensus.stalled
        ? { stalled: { height: p.consensus.stalled.height, reason: p.consensus.stalled.message } }
        : {}),
    }
  }

  async mine(blocks: number, intervalMs: number, toHeight?: number): Promise<number> {
    const stepNs = BigInt(intervalMs) * 1_000_000n
    const from = this.o.producer.blockClock.nextTime ?? this.o.producer.lastBlockTime
    if (from + BigInt(blocks) * stepNs > LATEST_TIME)
      throw ErrInvalidRequest.wrap(
        `${blocks} blocks ${intervalMs} ms apart would end after ${LATEST_TIME_TEXT}, the latest time CometBFT's RFC 3339 times allow`,
      )
    if (blocks > 0)
      await this.produce(blocks, {
        stepNs,
        quiet: blocks > 1,
        ...(toHeight !== undefined ? { toHeight } : {}),
      })
    return this.o.producer.height
  }

  async setMining(mode: MiningModeName, intervalMs?: number): Promise<DevStatus['mining']> {
    const p = this.o.producer
    p.setMining({ mode, intervalMs: intervalMs ?? p.miningMode.intervalMs })
    return p.miningMode
  }

  async increaseTime(seconds: number): Promise<DevClock> {
    const p = this.o.producer
    const base = p.blockClock.nextTime ?? p.lastBlockTime
    p.setNextBlockTime(base + BigInt(Math.round(seconds * 1e9)) + (seconds === 0 ? 1n : 0n))
    return this.clock()
  }

  async setNextBlockTime(time: TimeNs): Promise<DevClock> {
    this.o.producer.setNextBlockTime(time)
    return this.clock()
  }

  async snapshot(): Promise<{ id: string; height: number }> {
    const { producer, backend, mempool } = this.o
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
    }
    await producer.writeMeta([
      { type: 'put', key: snapshotKey(n), value: utf8(JSON.stringify(record)) },
      { type: 'put', key: NEXT_SNAPSHOT, value: uint64BE(n + 1) },
    ])
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
    // The snapshot and every later one are used up, as anvil and Hardhat do; kept, the snapshot
    // itself stays (the state it holds is the state the chain goes back to).
    const dropped: BatchOp[] = records
      .filter((r) => numberOf(r.id) > n || (numberOf(r.id) === n && !keep))
      .map((r) => ({ type: 'del', key: snapshotKey(numberOf(r.id)) }))
    await producer.rollbackTo(record.height, dropped)
    producer.restoreClock({
      offsetNs: BigInt(record.clock.offsetNs),
      nextTime: record.clock.nextTime === undefined ? undefined : BigInt(record.clock.nextTime),
    })
    producer.setMining(record.mining)
    await mempool?.reset(record.txs.map((t) => fromBase64Strict(t) ?? new Uint8Array()))
    return producer.height
  }

  async setSigningStatus(
    validator: string | undefined,
    signing: boolean,
  ): Promise<{ address: string; power: bigint; signing: boolean }> {
    const { producer } = this.o
    const address = await resolveValidator(this.o, validator, { outsideSetIfHeld: true })
    try {
      producer.consensus.setSigning(address, signing)
    } catch (err) {
      if (err instanceof ValidatorSetError)
        throw new RpcError(-32602, 'Invalid params', err.message)
      throw err
    }
    const power = producer.consensus.current.current.byAddress(address)?.power ?? 0n
    return { address: addressText(address), power, signing }
  }

  async doubleSign(
    validator: string | undefined,
    height: number | undefined,
  ): Promise<{ address: string; height: number }> {
    const address = await resolveValidator(this.o, validator)
    return { address: addressText(address), height: await doubleSign(this.o, address, height) }
  }

  async setSigningStatusOfKey(
    keyAddress: string,
    signing: boolean,
  ): Promise<Record<string, boolean>> {
    const { consensus } = this.o.producer
    const hex = keyAddressHex(keyAddress)
    // CometMock's map holds the validators whose keys it was given: here, those the node holds.
    if (hex === undefined || consensus.signingStatuses()[hex] === undefined)
      throw new RpcError(
        -32602,
        'Invalid params',
        `address ${keyAddress} not found in signing status map, please double-check this is the key address of a validator key`,
      )
    await this.setSigningStatus(hex, signing)
    return consensus.signingStatuses()
  }

  async causeDoubleSign(keyAddress: string): Promise<void> {
    await doubleSign(this.o, this.validatorOfKey(keyAddress), undefined)
    await this.mine(1, 0)
  }

  async endVotingPeriod(proposalId: string): Promise<EndedVoting> {
    const { producer } = this.o
    const clock = {
      lastBlockTime: () => producer.lastBlockTime,
      setNextBlockTime: (time: TimeNs) => this.setNextBlockTime(time),
      mine: (blocks: number) => this.mine(blocks, 0),
      blockTime: async (height: number) => (await this.o.blocks.get(height))?.block.header.time,
    }
    return endVotingPeriod(this.o.router(), clock, proposalId, () => producer.height)
  }

  async lightClientAttack(
    validator: string | undefined,
    kind: string | undefined,
  ): Promise<{ address: string; commonHeight: number }> {
    const address = await resolveValidator(this.o, validator)
    const commonHeight = await lightClientAttack(this.o, address, attackKind(kind))
    return { address: addressText(address), commonHeight }
  }

  async causeLightClientAttack(keyAddress: string, kind: string): Promise<void> {
    const address = this.validatorOfKey(keyAddress)
    await lightClientAttack(this.o, address, attackKind(kind))
    await this.mine(1, 0)
  }

  /** The validator of CometMock's `private_key_address`, looked up in the next height's set. */
  private validatorOfKey(keyAddress: string): Bytes {
    const hex = keyAddressHex(keyAddress)
    const address = hex === undefined ? undefined : fromHex(hex)
    if (!address || !this.o.producer.consensus.current.current.byAddress(address))
      throw new RpcError(-32602, 'Invalid params', `validator with address ${keyAddress} not found`)
    return address
  }

  async setBalance(address: string, coins: Coin[]): Promise<number> {
    const dev = this.o.app.version.dev
    if (!dev) throw ErrNotSupported.wrap(`app version ${this.o.app.name} has no dev balance edits`)
    const to = addressArg(address)
    return this.mineWith((ctx) => dev.setBalance(ctx, to, coins))
  }

  async fund(address: string, coins: Coin[], from?: string): Promise<number> {
    const bank = this.o.app.version.txKeepers?.bank
    if (!bank) throw ErrNotSupported.wrap(`app version ${this.o.app.name} has no bank`)
    const to = addressArg(address)
    const source = from !== undefined ? addressArg(from) : this.o.faucet
    if (!source)
      throw ErrInvalidRequest.wrap(
        'this chain has no faucet account (no genesis validator operator): pass "from"',
      )
    return this.mineWith((ctx) => bank.send(ctx, source, to, coins))
  }

  /** Mines one block whose state carries `edit` (made after BeginBlock); that block's height. */
  private async mineWith(edit: (ctx: BlockContext) => Promise<void>): Promise<number> {
    const block = await this.produce(1, { edit })
    return block?.block.header.height ?? this.o.producer.height
  }

  /**
   * Produces blocks for a dev call. A halt in one of them (an upgrade's height, a failing handler, a
   * configured halt) halts the node as it does in the block loop, so `sdkd start` exits with its code
   * (2 for an upgrade: what cosmovisor and `sdkd run` wait for); the dev call fails.
   */
  private async produce(n: number, options: ProduceOptions): Promise<StoredBlock | undefined> {
    const { producer } = this.o
    try {
      return await producer.produceBlocks(n, options)
    } catch (err) {
      if (err instanceof ChainHaltError) {
        await producer.stop()
        producer.emit('halt', err)
      }
      throw err
    }
  }

  /** The live snapshot records, oldest first. */
  private records(): Promise<SnapshotRecord[]> {
    return snapshotRecords(this.o.backend)
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
  return (await snapshotRecords(backend))
    .filter((r) => r.height > height)
    .map((r) => ({ type: 'del', key: snapshotKey(numberOf(r.id)) }))
}

function addressArg(text: string): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(
      `invalid address ${JSON.stringify(text)}: ${(err as Error).message}`,
    )
  }
}

/** The devnet faucet: the genesis validator's operator account (the devnet's `validator` key). */
export function faucetOf(home: LoadedHome): Uint8Array | undefined {
  const staking = home.genesis.appState.staking as
    | { validators?: { operator_address?: string }[] }
    | undefined
  const operator = staking?.validators?.[0]?.operator_address
  if (!operator) return undefined
  try {
    return bech32ToAddress(operator, valoperPrefix())
  } catch {
    return undefined
  }
}
