import { Writable } from 'node:stream'
import { afterEach } from 'vitest'
import { App } from '../../src/app/app.js'
import { type BlockContext, EMPTY_COMET_INFO, type QueryContext } from '../../src/app/types.js'
import { EMPTY_BLOCK_ID, type Header } from '../../src/block/block.js'
import { type Event, EventManager } from '../../src/block/events.js'
import { addressToBech32, moduleAddress } from '../../src/codec/address.js'
import { emptyBytes } from '../../src/codec/bytes.js'
import { messageToJson } from '../../src/codec/json-writer.js'
import { type ProtoMessage, protoRegistry } from '../../src/codec/proto.js'
import { ChainError } from '../../src/errors.js'
import { createLogger } from '../../src/logger.js'
import { AuthKeeper } from '../../src/modules/auth/keeper.js'
import { BankKeeper } from '../../src/modules/bank/keeper.js'
import { defaultGovGenesis } from '../../src/modules/gov/genesis.js'
import { StakingKeeper } from '../../src/modules/staking/keeper.js'
import type { StoreBackend } from '../../src/store/backend.js'
import { createMemoryBackend } from '../../src/store/memory-backend.js'
import type { StateReader } from '../../src/store/types.js'
import { VersionedStore } from '../../src/store/versioned-store.js'
import { createDistribution } from '../../src/versions/distribution.js'
import type { AppVersionFactory } from '../../src/versions/index.js'
import { createV1 } from '../../src/versions/v1.js'

/**
 * A chain for gov tests: the real v1 app on the versioned store (over the in-memory twin of LevelDB),
 * with blocks whose time the test chooses, and no node around it. Messages run as a tx would run them (each on a nested branch written only on
 * success); EndBlock runs gov's EndBlocker. No mocks: state, queries and events are the real ones.
 */

export const registry = protoRegistry()
export const GOV = addressToBech32(moduleAddress('gov'))
export const S = 1_000_000_000n
/** Block time of the genesis block (2026-01-01T00:00:00Z). */
export const T0 = 1_767_225_600n * S

/** A deterministic account address from one byte. */
export function account(n: number): string {
  return addressToBech32(new Uint8Array(20).fill(n))
}

/** The same bytes as a validator operator address. */
export function valoper(n: number): string {
  return addressToBech32(new Uint8Array(20).fill(n), 'sdkvaloper')
}

/** The outcome of one message: its response or error, and its events. */
export interface MsgResult {
  ok: boolean
  error?: ChainError
  response?: ProtoMessage
  events: Event[]
}

export interface GenesisOptions {
  /** Funded accounts: address → stake amount. */
  balances: Record<string, bigint>
  /** Bonded validators: operator byte → tokens, with delegations (delegator byte → shares). */
  validators?: { op: number; tokens: bigint; delegations: Record<number, bigint> }[]
  gov?: Record<string, unknown>
}

/** Validator 9 holding all the voting power (10,000,000 stake, self-delegated). */
export const ONE_VALIDATOR: NonNullable<GenesisOptions['validators']> = [
  { op: 9, tokens: 10_000_000n, delegations: { 9: 10_000_000n } },
]

/** Short gov periods: 5 s of voting, 10 s of deposit, 2 s of expedited voting. */
export const SHORT_PERIODS = {
  voting_period: '5s',
  max_deposit_period: '10s',
  expedited_voting_period: '2s',
}

/** An app_state with balances, a bonded validator set and gov params (periods in seconds). */
export function genesisState(o: GenesisOptions): Record<string, unknown> {
  const validators = o.validators ?? []
  const bonded = validators.reduce((s, v) => s + v.tokens, 0n)
  const balances = Object.entries(o.balances).map(([address, amount]) => ({
    address,
    coins: [{ denom: 'stake', amount: amount.toString() }],
  }))
  if (bonded > 0n) {
    balances.push({
      address: addressToBech32(moduleAddress('bonded_tokens_pool')),
      coins: [{ denom: 'stake', amount: bonded.toString() }],
    })
  }
  const shares = (n: bigint) => `${n}.000000000000000000`
  const gov = defaultGovGenesis()
  return {
    bank: { balances },
    staking: {
      params: {
        unbonding_time: '1814400s',
        max_validators: 100,
        max_entries: 7,
        historical_entries: 10000,
        bond_denom: 'stake',
        min_commission_rate: '0',
      },
      validators: validators.map((v) => ({
        operator_address: valoper(v.op),
        consensus_pubkey: {
          '@type': '/sdk.crypto.ed25519.PubKey',
          key: Buffer.alloc(32, v.op).toString('base64'),
        },
        status: 'BOND_STATUS_BONDED',
        tokens: v.tokens.toString(),
        delegator_shares: shares(Object.values(v.delegations).reduce((s, x) => s + x, 0n)),
        description: { moniker: `val${v.op}` },
      })),
      delegations: validators.flatMap((v) =>
        Object.entries(v.delegations).map(([d, s]) => ({
          delegator_address: account(Number(d)),
          validator_address: valoper(v.op),
          shares: shares(s),
        })),
      ),
    },
    gov: { ...gov, params: { ...gov.params, ...o.gov } },
  }
}

export interface GovChainOptions {
  invCheckPeriod?: number
  version?: AppVersionFactory
}

/** A running test chain. */
export class GovChain {
  height = 0
  time = T0
  readonly logs: Record<string, unknown>[] = []

  private constructor(
    readonly store: VersionedStore,
    private readonly backend: StoreBackend,
    readonly app: App,
    private readonly close: () => Promise<void>,
  ) {}

  /** Protobuf bytes of a message given by its type URL. */
  static encode(typeUrl: string, value: ProtoMessage): Uint8Array {
    return registry.packAny(typeUrl, value).value
  }

  /**
   * `invCheckPeriod` as the node's flag (default 1: the invariants after every block); `version`
   * the app version the chain starts at (default v1).
   */
  static async create(
    appState: Record<string, unknown>,
    options: GovChainOptions = {},
  ): Promise<GovChain> {
    const backend = createMemoryBackend()
    const store = await VersionedStore.open({ backend })
    const { version = createV1, ...appOptions } = options
    const app = new App(version({ registry }), registry, appOptions)
    const chain = new GovChain(store, backend, app, () => backend.close())
    const branch = store.branch()
    await branch.upgradeStores({ added: app.storeNames() })
    await app.initChain(chain.context(branch, new EventManager()), appState)
    await chain.commit(branch, 0)
    return chain
  }

  private context(state: BlockContext['state'], events: EventManager): BlockContext {
    const logs = this.logs
    const header = {
      chainId: 'gov-test',
      height: this.height + 1,
      time: this.time,
      lastBlockId: EMPTY_BLOCK_ID,
      lastCommitHash: emptyBytes(),
    } as unknown as Header
    return {
      chainId: 'gov-test',
      height: this.height + 1,
      time: this.time,
      header,
      state,
      events,
      comet: EMPTY_COMET_INFO,
      logger: createLogger({
        level: 'info',
        destination: new Writable({
          write(chunk, _enc, done) {
            for (const line of String(chunk).split('\n'))
              if (line.trim() !== '') logs.push(JSON.parse(line))
            done()
          },
        }),
      }),
      registry,
      mode: 'deliver',
    }
  }

  private async commit(branch: BlockContext['state'], height: number): Promise<void> {
    const prepared = this.store.prepareCommit(branch, height)
    await this.backend.write(prepared.ops)
    prepared.apply()
    prepared.publish()
    this.height = height
  }

  /**
   * Produces the next block at `time` (default: 1 s after the last): runs the messages, then
   * EndBlock. Returns each message's result and the EndBlock events.
   */
  async block(
    msgs: { typeUrl: string; value: ProtoMessage }[] = [],
    time: bigint = this.time + S,
  ): Promise<{ results: MsgResult[]; endEvents: Event[] }> {
    this.time = time
    const branch = this.store.branch()
    const results: MsgResult[] = []
    for (const m of msgs) {
      const any = registry.packAny(m.typeUrl, m.value)
      const decoded = registry.unpackAny(any).value
      const events = new EventManager()
      const txBranch = branch.branch()
      const handler = this.app.msgHandlers.get(m.typeUrl)
      if (!handler) throw new Error(`no handler for ${m.typeUrl}`)
      try {
        const response = await handler(decoded, this.context(txBranch, events))
        txBranch.write()
        results.push({ ok: true, response, events: events.events() })
      } catch (err) {
        if (!(err instanceof ChainError)) throw err
        results.push({ ok: false, error: err, events: [] })
      }
    }
    const endEvents = new EventManager()
    await this.app.endBlock(this.context(branch, endEvents))
    await this.commit(branch, this.height + 1)
    return { results, endEvents: endEvents.events() }
  }

  /**
   * Runs `fn` in the context of a new block at `time` (as a BeginBlocker or another module's keeper
   * call would), then EndBlock; the block is committed. Returns what `fn` returns and the events.
   */
  async inBlock<T>(
    fn: (ctx: BlockContext) => Promise<T>,
    time: bigint = this.time + S,
  ): Promise<{ value: T; events: Event[] }> {
    this.time = time
    const branch = this.store.branch()
    const events = new EventManager()
    const value = await fn(this.context(branch, events))
    await this.app.endBlock(this.context(branch, events))
    await this.commit(branch, this.height + 1)
    return { value, events: events.events() }
  }

  /** Runs one message in a new block; throws its error if it fails. */
  async tx(typeUrl: string, value: ProtoMessage, time?: bigint): Promise<MsgResult> {
    const { results } = await this.block([{ typeUrl, value }], time)
    const r = results[0]!
    if (!r.ok) throw r.error
    return r
  }

  /** Commits a block whose only change is `edit` (tests write module records directly). */
  async edit(edit: (state: BlockContext['state']) => void | Promise<void>): Promise<void> {
    const branch = this.store.branch()
    await edit(branch)
    await this.commit(branch, this.height + 1)
  }

  /** The committed state at the latest height. */
  view(): StateReader {
    return this.store.view(this.height)
  }

  /** Runs a query handler at the latest height; returns the gateway JSON of the response. */
  async query(method: string, request: ProtoMessage = {}): Promise<Record<string, unknown>> {
    const handler = this.app.queryHandlers.get(method)
    if (!handler) throw new Error(`no query handler ${method}`)
    const service = method.split('/')[0]!
    const m = registry.service(service).methods[method.split('/')[1]!]!
    m.resolve()
    const reqType = m.resolvedRequestType!
    const ctx: QueryContext = { height: this.height, state: this.view(), registry }
    const response = await handler(reqType.fromObject(request) as ProtoMessage, ctx)
    const resType = m.resolvedResponseType!
    return messageToJson(registry, resType, resType.fromObject(response) as ProtoMessage) as Record<
      string,
      unknown
    >
  }

  /** Stake balance of an address. */
  async balance(address: string): Promise<string> {
    const json = await this.query('sdk.bank.v1beta1.Query/Balance', { address, denom: 'stake' })
    return String((json.balance as { amount: string }).amount)
  }

  async destroy(): Promise<void> {
    await this.close()
  }
}

/** Attribute map of the first event of `type` (undefined when there is none). */
export function eventOf(
  events: readonly Event[],
  type: string,
): Record<string, string> | undefined {
  const e = events.find((x) => x.type === type)
  return e ? Object.fromEntries(e.attributes.map((a) => [a.key, a.value])) : undefined
}

/**
 * The chain of each test of a file: `create` makes it, and it is destroyed after the test;
 * `current` is the test's chain, if it made one.
 */
export function govChainPerTest(): {
  create(appState: Record<string, unknown>, options?: GovChainOptions): Promise<GovChain>
  readonly current: GovChain | undefined
} {
  let current: GovChain | undefined
  afterEach(async () => {
    await current?.destroy()
    current = undefined
  })
  return {
    async create(appState, options) {
      current = await GovChain.create(appState, options)
      return current
    },
    get current() {
      return current
    },
  }
}

/**
 * A staking keeper over the test chain's store with x/distribution's hooks, as the app registers
 * them: a slash made through it keeps the distribution records (and so the invariants the app
 * asserts after each block) consistent.
 */
export function stakingKeeperWithHooks(): StakingKeeper {
  const auth = new AuthKeeper({ registry })
  const bank = new BankKeeper({ registry, accounts: auth })
  const staking = new StakingKeeper({ registry, bank })
  createDistribution(registry, auth, bank, staking)
  return staking
}
