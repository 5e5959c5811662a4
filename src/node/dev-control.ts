import { randomBytes } from 'node:crypto'
import type { App } from '../app/app.js'
import type { BlockContext } from '../app/types.js'
import type { BlockBuilder } from '../block/block.js'
import { ValidatorSetError } from '../block/validator-set.js'
import type { Mempool } from '../chain/mempool.js'
import type { BlockProducer } from '../chain/producer.js'
import type { ProduceOptions } from '../chain/producer-options.js'
import { bech32ToAddress } from '../codec/address.js'
import { type Bytes, fromHex } from '../codec/bytes.js'
import type { Coin } from '../codec/coins.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { LATEST_TIME, LATEST_TIME_TEXT, nowNs, type TimeNs } from '../codec/time.js'
import type { LoadedHome } from '../config/home.js'
import { ChainHaltError, ErrInvalidRequest, ErrNotSupported } from '../errors.js'
import { valoperPrefix } from '../modules/staking/keys.js'
import { UpgradeKeeper } from '../modules/upgrade/keeper.js'
import type { QueryRouter } from '../server/query/router.js'
import type {
  DevApi,
  DevClock,
  DevStatus,
  EndedVoting,
  MiningModeName,
} from '../server/rpc/dev-api.js'
import { RpcError } from '../server/rpc/errors.js'
import type { StoreBackend } from '../store/backend.js'
import type { BlockStore, StoredBlock } from '../store/block-store.js'
import type { VersionedStore } from '../store/versioned-store.js'
import type { Impersonation, ImpersonationState } from '../tx/impersonation.js'
import { endVotingPeriod } from './dev-gov.js'
import { DevSnapshots } from './dev-snapshots.js'
import {
  addressText,
  doubleSign,
  LIGHT_CLIENT_ATTACKS,
  type LightClientAttackKind,
  lightClientAttack,
  resolveValidator,
} from './dev-validators.js'
import { supervisorState } from './supervised.js'

export interface DevControlOptions {
  producer: BlockProducer
  backend: StoreBackend
  app: App
  mempool: Mempool | undefined
  /** The home: its genesis names the faucet and the initial height. */
  home: LoadedHome
  /** The chain's state (x/staking's validators, for operator addresses). */
  store: VersionedStore
  registry: ProtoRegistry
  /** The blocks and their builder (dev_doubleSign signs votes for a committed block). */
  blocks: BlockStore
  builder: BlockBuilder
  /** The query router (x/gov's proposals, for dev_endVotingPeriod); built on first use. */
  router(): QueryRouter
  /** The accounts whose txs are taken unsigned (absent: the app version takes no txs). */
  impersonation: Impersonation | undefined
}

/** A new instance id: 16 random bytes, hex. */
const newInstanceId = () => `0x${randomBytes(16).toString('hex')}`

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

/**
 * The dev API of a node: mining, time travel, snapshots and reset, out-of-band balance edits,
 * impersonated accounts and validators' misbehavior. Every block it makes goes through the block
 * producer like any other; snapshot records live in the database's meta keys, so snapshots and
 * reverts survive a restart.
 */
export class DevControl implements DevApi {
  private readonly snapshots: DevSnapshots
  /** Changes when the chain is reset (and with every process), as Hardhat's instance id. */
  private instanceId = newInstanceId()

  /** What `sdkd run` told this process, when it runs the node. */
  private readonly supervisor = supervisorState()
  /** The account `dev_fund` sends from by default (the devnet's `validator`), if the chain has one. */
  private readonly faucet: Bytes | undefined

  constructor(private readonly o: DevControlOptions) {
    this.faucet = faucetOf(o.home)
    const upgrades = new UpgradeKeeper({ registry: o.registry })
    this.snapshots = new DevSnapshots({
      ...o,
      genesisHeight: o.home.genesis.initialHeight - 1,
      lastUpgrade: async () =>
        o.store.storeNames().includes('upgrade')
          ? upgrades.lastCompletedUpgrade(o.store.view())
          : { name: '', height: 0n },
    })
  }

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
      instanceId: this.instanceId,
      height: p.height,
      lastBlockTime: p.lastBlockTime,
      mining: p.miningMode,
      clock: this.clock(),
      snapshots: (await this.snapshots.records()).map((r) => ({ id: r.id, height: r.height })),
      signing: p.consensus.signingStatuses(),
      ...(this.supervisor ? { supervisor: this.supervisor } : {}),
      impersonating: this.o.impersonation?.state() ?? { auto: false, addresses: [] },
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
    // A block the loop was making is committed before the call returns: with no block time, none
    // of the old mode appears after it (an interval's block in flight under `instant`, a block
    // without a tx).
    if (mode !== 'interval') await p.settle()
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

  snapshot(): Promise<{ id: string; height: number }> {
    return this.snapshots.snapshot()
  }

  revert(id: string, keep = false): Promise<number> {
    return this.snapshots.revert(id, keep)
  }

  async reset(): Promise<{ height: number; instanceId: string }> {
    const height = await this.snapshots.reset()
    this.instanceId = newInstanceId()
    return { height, instanceId: this.instanceId }
  }

  impersonate(address: string): Promise<ImpersonationState> {
    const imp = this.impersonation()
    imp.add(addressArg(address))
    return Promise.resolve(imp.state())
  }

  stopImpersonating(address: string): Promise<ImpersonationState & { was: boolean }> {
    const imp = this.impersonation()
    const was = imp.remove(addressArg(address))
    return Promise.resolve({ ...imp.state(), was })
  }

  autoImpersonate(on: boolean): Promise<ImpersonationState> {
    const imp = this.impersonation()
    imp.setAuto(on)
    return Promise.resolve(imp.state())
  }

  /** The tx runner's impersonated accounts; refused by an app version that takes no txs. */
  private impersonation(): Impersonation {
    const imp = this.o.impersonation
    if (!imp) throw ErrNotSupported.wrap(`app version ${this.o.app.name} takes no txs`)
    return imp
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
    const address = await resolveValidator(this.o, validator, { inSetOfItsHeight: true })
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
    const address = await resolveValidator(this.o, validator, { inSetOfItsHeight: true })
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
    const source = from !== undefined ? addressArg(from) : this.faucet
    if (!source)
      throw ErrInvalidRequest.wrap(
        'this chain has no faucet account (no genesis validator operator): pass "from"',
      )
    return this.mineWith(async (ctx) => {
      await bank.send(ctx, source, to, coins)
    })
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
}

function addressArg(text: string): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    // The decoder's message already ends with `: invalid address`: not a second time.
    throw new RpcError(
      -32602,
      'Invalid params',
      `invalid address ${JSON.stringify(text)}: ${(err as Error).message}`,
    )
  }
}

/** The devnet faucet: the genesis validator's operator account (the devnet's `validator` key). */
function faucetOf(home: LoadedHome): Uint8Array | undefined {
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
