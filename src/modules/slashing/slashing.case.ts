import { Writable } from 'node:stream'
import type { BlockContext, Misbehavior, VoteInfo } from '../../app/types.js'
import { EventManager } from '../../block/events.js'
import type { Bytes } from '../../codec/bytes.js'
import { type Dec, decFromString } from '../../codec/dec.js'
import { protoRegistry } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { consensusAddress } from '../../config/validator-key.js'
import { createLogger } from '../../logger.js'
import { createBranch } from '../../store/branch.js'
import type { StateBranch } from '../../store/types.js'
import type { StakingHooks } from '../staking/hooks.js'
import type {
  SlashingStakingKeeper,
  StakingDelegation,
  StakingValidator,
} from './expected-keepers.js'
import { slashingStakingHooks } from './hooks.js'
import { SlashingKeeper } from './keeper.js'

// A slashing keeper over an in-memory state and a test double of the staking keeper, for the unit
// tests of the liveness window, double signs and unjail.

export const S = 1_000_000_000n

/** A validator of the double: its operator, consensus key and address. */
export interface TestValidator {
  operator: Bytes
  pubKey: Bytes
  consAddr: Bytes
}

/** The validator numbered `n` (its operator bytes all `n`, its key all `n + 100`). */
export function testValidator(n: number): TestValidator {
  const pubKey = new Uint8Array(32).fill(n + 100)
  return { operator: new Uint8Array(20).fill(n), pubKey, consAddr: consensusAddress(pubKey) }
}

/** What the staking double was asked to do. */
export interface SlashCall {
  consAddr: Bytes
  infractionHeight: number
  power: bigint
  fraction: Dec
}

const hex = (b: Bytes) => Buffer.from(b).toString('hex')

/** The staking keeper double: validators in memory, slashes recorded, jail flags kept. */
export class StakingDouble implements SlashingStakingKeeper {
  readonly validators = new Map<string, StakingValidator>()
  readonly byCons = new Map<string, string>()
  readonly delegations = new Map<string, StakingDelegation>()
  readonly slashes: SlashCall[] = []
  readonly hooks: StakingHooks[] = []
  /** Tokens the next slash reports burned. */
  burn = 10_000n

  add(v: TestValidator, opts: { tokens?: bigint; minSelf?: bigint; selfShares?: string } = {}) {
    const registry = protoRegistry()
    const tokens = opts.tokens ?? 100_000_000n
    this.validators.set(hex(v.operator), {
      ...registry.decode('sdk.staking.v1beta1.Validator', new Uint8Array()),
      operator_address: '',
      consensus_pubkey: {
        type_url: registry.typeUrl('/sdk.crypto.ed25519.PubKey'),
        value: registry.type('sdk.crypto.ed25519.PubKey').encode({ key: v.pubKey }).finish(),
      },
      jailed: false,
      status: 3,
      tokens: tokens.toString(),
      delegator_shares: `${tokens}000000000000000000`,
      min_self_delegation: (opts.minSelf ?? 1n).toString(),
    } as StakingValidator)
    this.byCons.set(hex(v.consAddr), hex(v.operator))
    this.delegations.set(hex(v.operator), {
      delegator_address: '',
      validator_address: '',
      shares: opts.selfShares ?? `${tokens}000000000000000000`,
    } as StakingDelegation)
  }

  async validator(_s: unknown, operator: Bytes) {
    return this.validators.get(hex(operator))
  }
  async validatorByConsAddr(_s: unknown, consAddr: Bytes) {
    const op = this.byCons.get(hex(consAddr))
    return op === undefined ? undefined : this.validators.get(op)
  }
  async delegation(_s: unknown, delegator: Bytes, operator: Bytes) {
    return hex(delegator) === hex(operator) ? this.delegations.get(hex(operator)) : undefined
  }
  async slash(
    _ctx: BlockContext,
    consAddr: Bytes,
    infractionHeight: number,
    power: bigint,
    fraction: Dec,
  ) {
    this.slashes.push({ consAddr, infractionHeight, power, fraction })
    return this.burn
  }
  async jail(_ctx: BlockContext, consAddr: Bytes) {
    this.setJailed(consAddr, true)
  }
  async unjail(_ctx: BlockContext, consAddr: Bytes) {
    this.setJailed(consAddr, false)
  }
  addHooks(hooks: StakingHooks) {
    this.hooks.push(hooks)
  }
  setJailed(consAddr: Bytes, jailed: boolean) {
    const op = this.byCons.get(hex(consAddr))!
    this.validators.set(op, { ...this.validators.get(op)!, jailed })
  }
}

const STORES = new Map([
  ['slashing', 1],
  ['evidence', 2],
])

/** An empty state where the slashing and evidence stores exist. */
export function emptyState(): StateBranch {
  return createBranch({
    height: 0,
    get: async () => undefined,
    range: async function* () {},
    resolveStore: (name) => STORES.get(name),
    liveStores: () => new Map(STORES),
    nextStoreId: () => 3,
  })
}

/** A keeper, its staking double and hooks, and a way to run blocks. */
export function slashingSetup() {
  const registry = protoRegistry()
  const staking = new StakingDouble()
  const keeper = new SlashingKeeper({ registry, staking })
  const hooks = slashingStakingHooks(keeper)
  staking.addHooks(hooks)
  const state = emptyState()
  /** Every line the module logged (JSON objects). */
  const logs: Record<string, unknown>[] = []
  const logger = createLogger({
    level: 'debug',
    destination: new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n'))
          if (line.trim() !== '') logs.push(JSON.parse(line))
        done()
      },
    }),
  })
  const ctx = (
    height: number,
    time: TimeNs,
    votes: VoteInfo[] = [],
    misbehavior: Misbehavior[] = [],
  ): BlockContext =>
    ({
      chainId: 'test',
      height,
      time,
      state,
      events: new EventManager(),
      logger,
      registry,
      mode: 'deliver',
      comet: { lastCommit: { round: 0, votes }, misbehavior },
    }) as unknown as BlockContext
  return { registry, staking, keeper, hooks, state, ctx, logs }
}

export const dec = decFromString
