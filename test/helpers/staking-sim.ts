import type { Mempool } from '../../src/chain/mempool.js'
import { MempoolError } from '../../src/chain/mempool-error.js'
import { devnetMnemonic } from '../../src/cli/devnet-preset.js'
import { devnetOperatorMnemonic, devnetValidatorKey } from '../../src/cli/devnet-validators.js'
import { keyFromMnemonic, pubKeyToAddress } from '../../src/client/keyring.js'
import {
  createUnsignedTx,
  encodeTxRaw,
  type SigningKey,
  signTx,
} from '../../src/client/tx-builder.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { toHex } from '../../src/codec/bytes.js'
import type { AnyMessage } from '../../src/codec/proto.js'
import { QuorumStallError } from '../../src/errors.js'
import type { Node } from '../../src/node/node.js'
import { txResultOf } from '../../src/store/block-store.js'
import { seededRandom } from './seeded-random.js'

/**
 * A seeded random walk over x/staking, x/slashing, x/distribution, x/gov and x/bank on an in-process
 * node of a devnet home with several validators (upstream's app simulation, in small): each step
 * signs a few messages with the devnet keys, puts them through CheckTx and mines; some steps
 * silence a validator, make one double-sign or move the clock on. The node asserts every invariant
 * after every block, so a broken one fails the step that broke it. Block times come from the steps
 * alone (each block one second after the last, the clock moved by `dev_setNextBlockTime`), so the
 * same seed on copies of one home gives the same chain, height by height.
 */

/** A devnet key and its address. */
export interface SimActor {
  name: string
  key: SigningKey
  address: string
}

/** What the walk did: each tx's outcome by kind, and the app hash of every height it made. */
export interface SimRecord {
  /** `kind ok` or `kind codespace/code`: how often. */
  outcomes: Map<string, number>
  /** Events of interest seen in blocks (`complete_unbonding`, `liveness`, `slash` …): how often. */
  events: Map<string, number>
  /** App hash (hex) by height. */
  appHashes: Map<number, string>
  /** Texts of results that look like a crash of the node's code, not a refusal (none expected). */
  crashes: string[]
  /** The first log of each refused outcome. */
  logs: Map<string, string>
}

const SECOND_NS = 1_000_000_000n
const DAY_S = 86_400n
const MSG = {
  send: '/sdk.bank.v1beta1.MsgSend',
  delegate: '/sdk.staking.v1beta1.MsgDelegate',
  undelegate: '/sdk.staking.v1beta1.MsgUndelegate',
  redelegate: '/sdk.staking.v1beta1.MsgBeginRedelegate',
  cancel: '/sdk.staking.v1beta1.MsgCancelUnbondingDelegation',
  create: '/sdk.staking.v1beta1.MsgCreateValidator',
  edit: '/sdk.staking.v1beta1.MsgEditValidator',
  unjail: '/sdk.slashing.v1beta1.MsgUnjail',
  withdraw: '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward',
  commission: '/sdk.distribution.v1beta1.MsgWithdrawValidatorCommission',
  withdrawAddress: '/sdk.distribution.v1beta1.MsgSetWithdrawAddress',
  fundPool: '/sdk.distribution.v1beta1.MsgFundCommunityPool',
  propose: '/sdk.gov.v1.MsgSubmitProposal',
  vote: '/sdk.gov.v1.MsgVote',
  weighted: '/sdk.gov.v1.MsgVoteWeighted',
  deposit: '/sdk.gov.v1.MsgDeposit',
  cancelProposal: '/sdk.gov.v1.MsgCancelProposal',
} as const

/** A JavaScript error's text in a result: the node's code failed, it did not refuse. */
const CRASH =
  /TypeError|ReferenceError|RangeError|SyntaxError|Cannot read|is not a function|is not iterable|undefined|NaN|\[object /

const EVENTS_OF_INTEREST = new Set([
  'complete_unbonding',
  'complete_redelegation',
  'liveness',
  'slash',
  'unbond',
  'redelegate',
  'cancel_unbonding_delegation',
  'active_proposal',
])

/** Queries whose answers at past heights the walk keeps and reads again: paths and requests. */
const HISTORY: [string, (first: SimActor) => Record<string, unknown>][] = [
  ['/sdk.staking.v1beta1.Query/Validators', () => ({ status: '', pagination: { limit: '1000' } })],
  ['/sdk.staking.v1beta1.Query/Pool', () => ({})],
  ['/sdk.bank.v1beta1.Query/TotalSupply', () => ({})],
  ['/sdk.distribution.v1beta1.Query/CommunityPool', () => ({})],
  ['/sdk.slashing.v1beta1.Query/SigningInfos', () => ({})],
  ['/sdk.gov.v1.Query/Proposals', () => ({ proposal_status: 0, voter: '', depositor: '' })],
  ['/sdk.staking.v1beta1.Query/DelegatorDelegations', (a) => ({ delegator_addr: a.address })],
  [
    '/sdk.staking.v1beta1.Query/DelegatorUnbondingDelegations',
    (a) => ({ delegator_addr: a.address }),
  ],
  ['/sdk.bank.v1beta1.Query/AllBalances', (a) => ({ address: a.address })],
]

/** Whether a validator of a query's answer is bonded (the enum as a number or its name). */
const bonded = (v: { status: unknown }) => v.status === 3 || v.status === 'BOND_STATUS_BONDED'

/** The devnet's accounts (`--accounts n`) and the operators of validators 1… (`--validators m`). */
export function simActors(accounts: number, validators: number): SimActor[] {
  const actor = (name: string, mnemonic: string): SimActor => {
    const key = keyFromMnemonic(mnemonic)
    return { name, key, address: addressToBech32(pubKeyToAddress(key.pubKey)) }
  }
  const out: SimActor[] = []
  for (let i = 0; i < accounts; i++) out.push(actor(`account${i}`, devnetMnemonic(i)))
  for (let i = 1; i < validators; i++) out.push(actor(`validator${i}`, devnetOperatorMnemonic(i)))
  return out
}

export class StakingSim {
  readonly record: SimRecord = {
    outcomes: new Map(),
    events: new Map(),
    appHashes: new Map(),
    crashes: [],
    logs: new Map(),
  }
  private readonly rand: () => number
  /** Validators the walk silenced (consensus address hex → operator), re-applied after a restart. */
  readonly silenced = new Map<string, string>()
  private doubleSigned = false
  /** The operator of the validator the walk made with a key the node does not hold. */
  private unheld: string | undefined
  private created = 0

  constructor(
    private node: Node,
    seed: number,
    private readonly actors: readonly SimActor[],
    private readonly chainId: string,
    /** Validators of the genesis (the walk's new ones take the devnet keys after theirs). */
    private readonly validatorCount: number,
    /** Txs, blocks and the clock only: no validator silenced or double-signing (a detour reverted). */
    private readonly txOnly = false,
  ) {
    this.rand = seededRandom(seed)
  }

  /** Opens the walk on another node of the same home (a restart); silenced validators stay so. */
  async reopen(node: Node): Promise<void> {
    this.node = node
    for (const operator of this.silenced.values()) await node.dev!.setSigningStatus(operator, false)
  }

  private int(n: number): number {
    return Math.floor(this.rand() * n)
  }

  private pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[this.int(list.length)]
  }

  private amount(): bigint {
    return BigInt(1 + this.int(40)) * 1_000_000n + BigInt(this.int(1_000_000))
  }

  private async query(
    path: string,
    request: Record<string, unknown>,
    height = this.node.producer.height,
  ): Promise<any> {
    const r = this.node.router
    return r.run(r.byPath(path)!, request, height)
  }

  /** What the walk read at past heights: the queries of `HISTORY`, as JSON, by height. */
  private readonly history = new Map<number, string>()

  /** The answers of `HISTORY` at `height`, as one JSON text. */
  private async historyAt(height: number): Promise<string> {
    const answers = []
    for (const [path, request] of HISTORY)
      answers.push(await this.query(path, request(this.actors[0]!), height))
    return JSON.stringify(answers, (_k, v) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? toHex(v) : v,
    )
  }

  /**
   * Heights whose answers read again now differ from what the walk read there (none expected: a
   * past height's state never changes).
   */
  async historyChanged(): Promise<number[]> {
    const changed: number[] = []
    for (const [height, before] of this.history)
      if ((await this.historyAt(height)) !== before) changed.push(height)
    return changed
  }

  /** How many past heights the walk read. */
  get historyHeights(): number {
    return this.history.size
  }

  private async validators(): Promise<any[]> {
    const r = await this.query('/sdk.staking.v1beta1.Query/Validators', {
      status: '',
      pagination: { limit: '1000' },
    })
    return r.validators
  }

  private async delegations(actor: SimActor): Promise<any[]> {
    const r = await this.query('/sdk.staking.v1beta1.Query/DelegatorDelegations', {
      delegator_addr: actor.address,
    })
    // The delegation with its tokens (shares are atomics of a decimal here).
    return r.delegation_responses.map((d: any) => ({
      validator_address: d.delegation.validator_address,
      tokens: BigInt(d.balance.amount),
    }))
  }

  private async unbondings(actor: SimActor): Promise<any[]> {
    const r = await this.query('/sdk.staking.v1beta1.Query/DelegatorUnbondingDelegations', {
      delegator_addr: actor.address,
    })
    return r.unbonding_responses
  }

  private operatorOf(actor: SimActor): string {
    return addressToBech32(pubKeyToAddress(actor.key.pubKey), 'sdkvaloper')
  }

  /** Signs `messages` with `actor`'s key (its account's number and sequence now) and checks it in. */
  private async submit(kind: string, actor: SimActor, messages: AnyMessage[]): Promise<void> {
    const registry = this.node.registry
    const r = await this.query('/sdk.auth.v1beta1.Query/Account', { address: actor.address })
    const account = registry.unpackAny(r.account) as any
    const tx = signTx(
      registry,
      createUnsignedTx({ messages, fee: { amount: [], gasLimit: 2_000_000n } }),
      actor.key,
      {
        chainId: this.chainId,
        accountNumber: BigInt(String(account.value.account_number)),
        sequence: BigInt(String(account.value.sequence)),
      },
    )
    let checked: Awaited<ReturnType<Mempool['checkTx']>>
    try {
      checked = await this.node.tx!.mempool.checkTx(encodeTxRaw(registry, tx))
    } catch (err) {
      // CometBFT's mempool refusals (the same tx twice: two equal votes of one voter in a block).
      if (!(err instanceof MempoolError)) throw err
      this.count(this.record.outcomes, `${kind} mempool refused`)
      return
    }
    this.pending.push(kind)
    if (checked.code !== 0) {
      this.pending.pop()
      const key = `${kind} ${checked.codespace}/${checked.code} (check)`
      this.count(this.record.outcomes, key)
      if (!this.record.logs.has(key)) this.record.logs.set(key, checked.log)
      this.crashCheck(kind, checked.log)
    }
  }

  private pending: string[] = []
  private steps = 0

  private count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1)
  }

  private crashCheck(kind: string, log: string): void {
    if (CRASH.test(log)) this.record.crashes.push(`${kind}: ${log}`)
  }

  /** Mines `n` blocks one second apart (the first takes the mempool's txs) and records them. */
  async mine(n: number): Promise<void> {
    const from = this.node.producer.height
    try {
      await this.node.dev!.mine(n, 1000)
    } catch (err) {
      // The set changed under silenced validators: no block until they sign again, as CometBFT.
      if (!(err instanceof QuorumStallError)) throw err
      this.count(this.record.events, 'stalled')
      for (const address of [...this.silenced.keys()]) {
        await this.node.dev!.setSigningStatus(address, true)
        this.silenced.delete(address)
      }
      await this.node.dev!.mine(n - (this.node.producer.height - from), 1000)
    }
    const kinds = this.pending
    this.pending = []
    for (let h = from + 1; h <= this.node.producer.height; h++) {
      const stored = (await this.node.blocks.get(h))!
      this.record.appHashes.set(h, toHex(stored.appHash))
      const txs = stored.block.txs.length
      for (let i = 0; i < txs; i++) {
        const r = txResultOf(stored, i)!
        const kind = h === from + 1 ? (kinds[i] ?? 'unknown') : 'unknown'
        const key = r.code === 0 ? `${kind} ok` : `${kind} ${r.codespace}/${r.code}`
        this.count(this.record.outcomes, key)
        if (r.code !== 0) {
          if (!this.record.logs.has(key)) this.record.logs.set(key, r.log)
          this.crashCheck(kind, r.log)
        }
        for (const e of r.events)
          if (EVENTS_OF_INTEREST.has(e.type)) this.count(this.record.events, e.type)
      }
      for (const e of [...stored.beginBlockEvents, ...stored.endBlockEvents])
        if (EVENTS_OF_INTEREST.has(e.type)) this.count(this.record.events, e.type)
    }
  }

  /** `n` random actors vote on a proposal in its voting period (any option), then a block. */
  private async votes(n: number): Promise<void> {
    const r = await this.query('/sdk.gov.v1.Query/Proposals', {
      proposal_status: 2,
      voter: '',
      depositor: '',
    })
    const p = this.pick(r.proposals as any[])
    if (!p) return this.mine(1)
    for (let i = 0; i < n; i++) {
      const voter = this.pick(this.actors)!
      await this.submit('vote', voter, [
        this.node.registry.packAny(MSG.vote, {
          proposal_id: String(p.id),
          voter: voter.address,
          option: 1 + this.int(4),
          metadata: '',
        }),
      ])
    }
    return this.mine(1)
  }

  /** A text proposal: a third with half the minimum deposit (in the deposit period until others add). */
  private async propose(actor: SimActor): Promise<void> {
    const registry = this.node.registry
    const stake = (amount: bigint) => ({ denom: 'stake', amount: amount.toString() })
    await this.submit('propose', actor, [
      registry.packAny(MSG.propose, {
        messages: [],
        initial_deposit: [stake(this.int(3) === 0 ? 5_000_000n : 10_000_000n)],
        proposer: actor.address,
        metadata: 'ipfs://sim',
        title: 'sim',
        summary: 'a text proposal of the walk',
        expedited: false,
      }),
    ])
  }

  /**
   * A deposit on a proposal in its deposit or voting period, a vote or a weighted vote, or the
   * cancellation of one (by its proposer mostly; by another, refused).
   */
  private async govAction(actor: SimActor): Promise<void> {
    const registry = this.node.registry
    const of = async (status: number) =>
      (
        await this.query('/sdk.gov.v1.Query/Proposals', {
          proposal_status: status,
          voter: '',
          depositor: '',
        })
      ).proposals as any[]
    // Nothing to act on: a proposal first (its first block opens its voting period, mostly).
    if ((await of(1)).length === 0 && (await of(2)).length === 0) {
      await this.propose(this.pick(this.actors)!)
      await this.mine(1)
    }
    const kind = this.int(4)
    if (kind === 3) return this.votes(1)
    if (kind === 0) {
      const p = this.pick([...(await of(1)), ...(await of(2))])
      if (!p) return this.mine(1)
      const amount = BigInt(1 + this.int(8)) * 1_000_000n
      await this.submit('deposit', actor, [
        registry.packAny(MSG.deposit, {
          proposal_id: String(p.id),
          depositor: actor.address,
          amount: [{ denom: 'stake', amount: amount.toString() }],
        }),
      ])
    } else if (kind === 1) {
      const p = this.pick(await of(2))
      if (!p) return this.mine(1)
      const yes = 1 + this.int(9)
      await this.submit('weighted-vote', actor, [
        registry.packAny(MSG.weighted, {
          proposal_id: String(p.id),
          voter: actor.address,
          options: [
            { option: 1, weight: `0.${yes}` },
            { option: 2 + this.int(3), weight: `0.${10 - yes}` },
          ],
          metadata: '',
        }),
      ])
    } else {
      const p = this.pick(await of(2))
      if (!p) return this.mine(1)
      const proposer = this.actors.find((a) => a.address === p.proposer)
      const by = this.int(4) === 0 || !proposer ? actor : proposer
      await this.submit('cancel-proposal', by, [
        registry.packAny(MSG.cancelProposal, { proposal_id: String(p.id), proposer: by.address }),
      ])
    }
    return this.mine(1)
  }

  /** One step of the walk: a random action, then the blocks it needs. */
  async step(): Promise<void> {
    // Every 20th step, the answers of a few queries at the latest height, read again at the end.
    if (++this.steps % 20 === 0) {
      const h = this.node.producer.height
      this.history.set(h, await this.historyAt(h))
    }
    const roll = this.int(100)
    const registry = this.node.registry
    const actor = this.pick(this.actors)!
    const stake = (amount: bigint) => ({ denom: 'stake', amount: amount.toString() })
    const validators = await this.validators()
    // Unbonding though not jailed: out of the set by power (max_validators), or emptied.
    if (
      validators.some((v) => (v.status === 2 || v.status === 'BOND_STATUS_UNBONDING') && !v.jailed)
    )
      this.count(this.record.events, 'unbonding, not jailed')
    const operators = validators.map((v) => v.operator_address as string)
    // The validator whose key the node lacks never signs: stake is kept away from it, so it never
    // holds the third of the power that would stall the chain (as it would a real one).
    const targets = operators.filter((o) => o !== this.unheld)
    if (roll < 18) {
      const to = this.pick(targets)!
      await this.submit('delegate', actor, [
        registry.packAny(MSG.delegate, {
          delegator_address: actor.address,
          validator_address: to,
          amount: stake(this.amount()),
        }),
      ])
    } else if (roll < 28) {
      const d = this.pick(await this.delegations(actor))
      if (!d) return this.mine(1)
      // Sometimes more than the delegation holds (refused), sometimes all of it, mostly a part.
      const tokens: bigint = d.tokens
      const roll = this.int(10)
      const amount =
        roll === 0 ? tokens + 1n : roll === 1 ? tokens : (tokens * BigInt(1 + this.int(60))) / 100n
      await this.submit('undelegate', actor, [
        registry.packAny(MSG.undelegate, {
          delegator_address: actor.address,
          validator_address: d.validator_address,
          amount: stake(amount > 0n ? amount : 1n),
        }),
      ])
    } else if (roll < 38) {
      const d = this.pick(await this.delegations(actor))
      const to = this.pick(targets)
      if (!d || !to) return this.mine(1)
      const tokens: bigint = d.tokens
      await this.submit('redelegate', actor, [
        registry.packAny(MSG.redelegate, {
          delegator_address: actor.address,
          validator_src_address: d.validator_address,
          validator_dst_address: to,
          amount: stake(
            this.int(8) === 0 ? tokens : (tokens * BigInt(1 + this.int(50))) / 100n || 1n,
          ),
        }),
      ])
    } else if (roll < 43) {
      const u = this.pick(await this.unbondings(actor))
      const entry = u ? this.pick(u.entries as any[]) : undefined
      if (!u || !entry) return this.mine(1)
      const balance = BigInt(entry.balance)
      await this.submit('cancel-unbonding', actor, [
        registry.packAny(MSG.cancel, {
          delegator_address: actor.address,
          validator_address: u.validator_address,
          amount: stake(this.int(4) === 0 ? balance : balance / 2n || 1n),
          creation_height: String(entry.creation_height),
        }),
      ])
    } else if (roll < 51) {
      const d = this.pick(await this.delegations(actor))
      if (!d) return this.mine(1)
      await this.submit('withdraw-rewards', actor, [
        registry.packAny(MSG.withdraw, {
          delegator_address: actor.address,
          validator_address: d.validator_address,
        }),
      ])
    } else if (roll < 55) {
      const own = this.operatorOf(actor)
      await this.submit('withdraw-commission', actor, [
        registry.packAny(MSG.commission, { validator_address: own }),
      ])
    } else if (roll < 58) {
      await this.submit('set-withdraw-address', actor, [
        registry.packAny(MSG.withdrawAddress, {
          delegator_address: actor.address,
          withdraw_address: this.pick(this.actors)!.address,
        }),
      ])
    } else if (roll < 61) {
      const rate = `${1 + this.int(20)}0000000000000000`
      await this.submit('edit-validator', actor, [
        registry.packAny(MSG.edit, {
          description: { moniker: '[do-not-modify]' },
          validator_address: this.operatorOf(actor),
          commission_rate: this.int(2) === 0 ? rate : '',
          min_self_delegation: '',
        }),
      ])
    } else if (roll < 63 && this.created < 3) {
      // Mostly an account operating no validator yet; now and then one that does (refused).
      const free = this.actors.filter((a) => !operators.includes(this.operatorOf(a)))
      const creator = (this.int(5) === 0 ? actor : this.pick(free)) ?? actor
      this.created++
      // Devnet validator keys past the genesis set: the home holds the first ones (the node signs
      // for them once they are in the set), not the last (it never signs: downtime).
      const pubKey = devnetValidatorKey(this.validatorCount - 1 + this.created).pubKey
      const held = this.created < 3
      if (!held) this.unheld = this.operatorOf(creator)
      await this.submit('create-validator', creator, [
        registry.packAny(MSG.create, {
          description: { moniker: `sim-${this.created}` },
          commission: {
            rate: '100000000000000000',
            max_rate: '200000000000000000',
            max_change_rate: '10000000000000000',
          },
          min_self_delegation: '1',
          delegator_address: '',
          validator_address: this.operatorOf(creator),
          pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', {
            key: pubKey,
          }),
          // Enough, mostly, to outweigh a genesis validator (10 stake of power) and take its place;
          // a little for the one whose key the node lacks.
          value: stake(held ? this.amount() + 15_000_000n : BigInt(1 + this.int(4)) * 1_000_000n),
        }),
      ])
    } else if (roll < 70) {
      const jailed = validators.filter((v) => v.jailed && v.operator_address !== this.unheld)
      const v = this.pick(jailed)
      const operator = v
        ? this.actors.find((a) => this.operatorOf(a) === v.operator_address)
        : undefined
      if (!v || !operator) return this.mine(1)
      await this.submit('unjail', operator, [
        registry.packAny(MSG.unjail, { validator_addr: v.operator_address }),
      ])
    } else if (roll < 81 && this.txOnly) {
      return this.mine(1 + this.int(20))
    } else if (roll < 74) {
      // A validator stops signing (refused when the rest would hold 2/3 or less: the walk goes on).
      const v = this.pick(validators.filter((x) => bonded(x)))
      if (!v) return this.mine(1)
      try {
        const r = await this.node.dev!.setSigningStatus(v.operator_address, false)
        this.silenced.set(r.address, v.operator_address)
        this.count(this.record.outcomes, 'signing off ok')
      } catch {
        this.count(this.record.outcomes, 'signing off refused')
      }
      return this.mine(1 + this.int(120))
    } else if (roll < 80) {
      const [address, operator] = this.pick([...this.silenced]) ?? []
      if (!address || !operator) return this.mine(1)
      // Accepted in or out of the set: the node holds every key the walk silenced.
      await this.node.dev!.setSigningStatus(address, true)
      this.silenced.delete(address)
      this.count(this.record.outcomes, 'signing on ok')
    } else if (roll < 81 && !this.doubleSigned) {
      // Jailed for good: never the last two bonded (an empty set halts the chain, as CometBFT).
      const active = validators.filter((x) => bonded(x) && !x.jailed)
      const v = active.length > 2 ? this.pick(active) : undefined
      if (!v) return this.mine(1)
      // A double sign, or (by the height, so the walk's draws stay the same) a light client attack
      // of one of its three kinds, which x/evidence handles alike. Refused for a validator bonded
      // too recently to be in the set of the height it names, or (a double sign) one whose key the
      // node does not hold (one the walk created).
      const height = this.node.producer.height
      const kind = height % 2 === 0 ? 'double-sign' : 'light-client-attack'
      try {
        if (kind === 'double-sign') await this.node.dev!.doubleSign(v.operator_address, undefined)
        else {
          const type = (['Lunatic', 'Equivocation', 'Amnesia'] as const)[((height - 1) / 2) % 3]
          await this.node.dev!.lightClientAttack(v.operator_address, type)
        }
        this.doubleSigned = true
        this.count(this.record.outcomes, `${kind} ok`)
      } catch {
        this.count(this.record.outcomes, `${kind} refused`)
      }
    } else if (roll < 85) {
      // The clock moves on: up to 25 days, past the 21 days of unbonding sometimes.
      const seconds = BigInt(1 + this.int(25 * 24)) * 3600n
      const last = this.node.producer.lastBlockTime
      await this.node.dev!.setNextBlockTime(last + seconds * SECOND_NS)
      this.count(this.record.outcomes, `time ${seconds / DAY_S > 21n ? 'past unbonding' : 'on'}`)
    } else if (roll < 91) {
      await this.submit('send', actor, [
        registry.packAny(MSG.send, {
          from_address: actor.address,
          to_address: this.pick(this.actors)!.address,
          amount: [stake(this.amount())],
        }),
      ])
    } else if (roll < 93) {
      await this.submit('fund-community-pool', actor, [
        registry.packAny(MSG.fundPool, {
          amount: [stake(this.amount())],
          depositor: actor.address,
        }),
      ])
    } else if (roll < 95) {
      // A text proposal, and in the next block votes of a few others (the tally by stake) or
      // another action on a proposal.
      await this.propose(actor)
      await this.mine(1)
      return this.int(3) === 0
        ? this.govAction(this.pick(this.actors)!)
        : this.votes(1 + this.int(4))
    } else if (roll < 98) {
      return this.govAction(actor)
    } else {
      return this.mine(1 + this.int(60))
    }
    await this.mine(1)
  }
}
