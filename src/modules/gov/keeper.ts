import type protobuf from 'protobufjs'
import type { BlockContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'
import { type Bytes, toHex, uint64BE } from '../../codec/bytes.js'
import {
  addCoins,
  type Coin,
  coinsFromProto,
  coinsToProto,
  coinsToString,
  isAllGTE,
  normalizeCoins,
} from '../../codec/coins.js'
import {
  type Dec,
  decFromInt,
  decFromString,
  decMul,
  decMulInt,
  decTruncate,
} from '../../codec/dec.js'
import { jsonToMessage } from '../../codec/json.js'
import type { AnyMessage, ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import { msgSigners } from '../../codec/signers.js'
import { ErrInsufficientFunds } from '../../errors.js'
import type { KVReader, Readable, Writable } from '../../store/types.js'
import {
  ErrInactiveProposal,
  ErrInvalidDepositDenom,
  ErrInvalidProposal,
  ErrInvalidProposer,
  ErrInvalidSigner,
  ErrInvalidVote,
  ErrMetadataTooLong,
  ErrMinDepositTooSmall,
  ErrSummaryTooLong,
  ErrUnknownProposal,
  ErrUnroutableProposalMsg,
  ErrVotingPeriodEnded,
} from './errors.js'
import type { GovBankKeeper, GovMsgRouter, GovStakingKeeper } from './expected-keepers.js'
import { govCollections, MAX_METADATA_LEN, MAX_SUMMARY_LEN, MODULE_NAME, queueEnd } from './keys.js'
import { defaultGovParams, type GovParams, readGovParams } from './params.js'
import {
  EMPTY_TALLY,
  type Proposal,
  ProposalStatus,
  proposalFromProto,
  proposalToProto,
  VOTE_OPTION_NAMES,
  VoteOption,
  type WeightedOption,
  weightedOptionsText,
} from './proposal.js'
import { type TallyOutcome, tallyProposal } from './tally.js'

/** What keeper writes need of a block context. */
type WriteCtx = Pick<BlockContext, 'state' | 'time' | 'events'>

/** What a new proposal is made of (the msg server has checked the proposer and deposit). */
export interface NewProposal {
  messages: AnyMessage[]
  metadata: string
  title: string
  summary: string
  proposer: string
  expedited: boolean
}

const ONE = decFromInt(1n)
const EMPTY = Uint8Array.of(1)

/** Upstream ValidWeightedVoteOption: a known option with a weight in (0, 1]. */
export function isValidWeightedOption(o: WeightedOption): boolean {
  if (o.option < VoteOption.YES || o.option > VoteOption.NO_WITH_VETO) return false
  let w: Dec
  try {
    w = decFromString(o.weight)
  } catch {
    return false
  }
  return w > 0n && w <= ONE
}

/** Upstream WeightedVoteOption.String() (gogoproto compact text). */
export function weightedOptionText(o: WeightedOption): string {
  const name = VOTE_OPTION_NAMES[o.option] ?? String(o.option)
  return `option:${name} weight:${JSON.stringify(o.weight)}`
}

/**
 * x/gov v1 keeper: proposals and their queues, deposits held by the gov module account, votes and
 * the tally by bonded voting power.
 */
export class GovKeeper {
  readonly c: ReturnType<typeof govCollections>
  /** The gov module account: holds deposits and signs a passed proposal's messages. */
  readonly address: Bytes = moduleAddress(MODULE_NAME)
  /** The gov module account as bech32 (the authority of gov-controlled messages). */
  readonly authority: string = addressToBech32(this.address)
  private msgRouter: GovMsgRouter | undefined

  constructor(
    readonly registry: ProtoRegistry,
    private readonly bank: GovBankKeeper,
    private readonly staking: GovStakingKeeper,
  ) {
    this.c = govCollections(registry)
  }

  /** Sets the msg service router (the app's, once every module is registered). */
  setRouter(router: GovMsgRouter): void {
    this.msgRouter = router
  }

  /** The msg service router; absent only before the app is assembled. */
  get router(): GovMsgRouter {
    return this.msgRouter ?? { handler: () => undefined }
  }

  private store(state: Readable): KVReader {
    return state.store(MODULE_NAME)
  }

  /** The stored params message (defaults when none is stored). */
  async rawParams(state: Readable): Promise<ProtoMessage> {
    const stored = await this.c.params.get(this.store(state))
    if (stored) return stored
    const t = this.registry.type('sdk.gov.v1.Params')
    return t.fromObject(jsonToMessage(this.registry, t, defaultGovParams())) as ProtoMessage
  }

  async params(state: Readable): Promise<GovParams> {
    return readGovParams(await this.rawParams(state))
  }

  async constitution(state: Readable): Promise<string> {
    return (await this.c.constitution.get(this.store(state))) ?? ''
  }

  async getProposal(state: Readable, id: bigint): Promise<Proposal | undefined> {
    const m = await this.c.proposals.get(this.store(state), id)
    return m ? proposalFromProto(m) : undefined
  }

  /** Stores a proposal; keeps the voting-period index in step with its status (upstream SetProposal). */
  setProposal(state: Writable, p: Proposal): void {
    const store = state.store(MODULE_NAME)
    if (p.status === ProposalStatus.VOTING_PERIOD)
      this.c.votingPeriodProposals.set(store, p.id, EMPTY)
    else this.c.votingPeriodProposals.remove(store, p.id)
    this.c.proposals.set(store, p.id, proposalToProto(p))
  }

  /** Removes a proposal and its queue entries (upstream DeleteProposal). */
  deleteProposal(state: Writable, p: Proposal): void {
    const store = state.store(MODULE_NAME)
    this.c.inactiveQueue.remove(store, [p.depositEndTime, p.id])
    if (p.votingEndTime !== undefined) {
      this.c.activeQueue.remove(store, [p.votingEndTime, p.id])
      this.c.votingPeriodProposals.remove(store, p.id)
    }
    this.c.proposals.remove(store, p.id)
  }

  /** Ids due in a queue at block time `t` (entries with time ≤ t), in (time, id) order. */
  async dueProposals(state: Readable, queue: 'active' | 'inactive', t: bigint): Promise<bigint[]> {
    const map = queue === 'active' ? this.c.activeQueue : this.c.inactiveQueue
    const out: bigint[] = []
    for await (const [, id] of map.iterate(this.store(state), { end: queueEnd(t) })) out.push(id)
    return out
  }

  /**
   * Upstream Keeper.SubmitProposal after the msg server's checks: lengths, then each message's
   * signer (the gov account alone) and route, then the new proposal in its deposit period.
   */
  async submitProposal(ctx: WriteCtx, np: NewProposal): Promise<Proposal> {
    assertMetadataLength(np.metadata)
    if (np.summary.length > MAX_SUMMARY_LEN) {
      throw ErrSummaryTooLong.wrap(`got summary with length ${np.summary.length}`)
    }
    assertMetadataLength(np.title)
    const typeUrls: string[] = []
    for (const any of np.messages) {
      typeUrls.push(any.type_url)
      const { type, value } = this.unpack(any)
      const signers = this.signers(type, value)
      if (signers.length !== 1) throw ErrInvalidSigner.error()
      if (toHex(signers[0]!) !== toHex(this.address)) {
        throw ErrInvalidSigner.wrap(addressToBech32(signers[0]!))
      }
      if (!this.router.handler(any.type_url)) throw ErrUnroutableProposalMsg.wrap(any.type_url)
    }
    const store = ctx.state.store(MODULE_NAME)
    const id = (await this.c.proposalId.get(store)) ?? 1n
    this.c.proposalId.set(store, id + 1n)
    const params = await this.params(ctx.state)
    const proposal: Proposal = {
      id,
      messages: np.messages,
      status: ProposalStatus.DEPOSIT_PERIOD,
      finalTally: { ...EMPTY_TALLY },
      submitTime: ctx.time,
      depositEndTime: ctx.time + params.maxDepositPeriod,
      totalDeposit: [],
      votingStartTime: undefined,
      votingEndTime: undefined,
      metadata: np.metadata,
      title: np.title,
      summary: np.summary,
      proposer: np.proposer,
      expedited: np.expedited,
      failedReason: '',
    }
    this.setProposal(ctx.state, proposal)
    this.c.inactiveQueue.set(store, [proposal.depositEndTime, id], id)
    ctx.events.emit('submit_proposal', [
      ['proposal_id', id.toString()],
      ['proposal_proposer', np.proposer],
      // Upstream builds this list by prefixing every type URL with a comma.
      ['proposal_messages', typeUrls.map((u) => `,${u}`).join('')],
    ])
    return proposal
  }

  /** The message inside an Any, with its type (unknown type URLs fail as at tx decoding). */
  unpack(any: AnyMessage): { type: protobuf.Type; value: ProtoMessage } {
    const { type, value } = this.registry.unpackAny(any)
    return { type, value }
  }

  /** The addresses that must sign a message (its `(sdk.msg.v1.signer)` fields). */
  signers(type: protobuf.Type, msg: ProtoMessage): Bytes[] {
    return msgSigners(type, msg)
  }

  /** The deposit that moves a proposal into its voting period. */
  minDepositOf(p: Proposal, params: GovParams): Coin[] {
    return p.expedited ? params.expeditedMinDeposit : params.minDeposit
  }

  /**
   * Upstream AddDeposit: checks the proposal, the denoms and the min-deposit ratio, moves the coins
   * into the gov account, and activates the voting period once the total reaches the minimum.
   * Returns whether it did.
   */
  async addDeposit(ctx: WriteCtx, id: bigint, depositor: Bytes, amount: Coin[]): Promise<boolean> {
    const proposal = await this.getProposal(ctx.state, id)
    if (!proposal) throw ErrUnknownProposal.wrap(`proposal ${id} doesn't exist`)
    if (
      proposal.status !== ProposalStatus.DEPOSIT_PERIOD &&
      proposal.status !== ProposalStatus.VOTING_PERIOD
    ) {
      throw ErrInactiveProposal.wrap(String(id))
    }
    const params = await this.params(ctx.state)
    const minDeposit = this.minDepositOf(proposal, params)
    validateDepositDenom(params, amount)
    if (params.minDepositRatio !== 0n) {
      const thresholds: string[] = []
      let met = false
      for (const min of minDeposit) {
        const threshold = decTruncate(decMul(decFromInt(min.amount), params.minDepositRatio))
        thresholds.push(`${threshold}${min.denom}`)
        const have = amount.find((c) => c.denom === min.denom)
        if (!have) continue
        if (have.amount >= threshold) {
          met = true
          break
        }
      }
      if (!met) {
        throw ErrMinDepositTooSmall.wrap(
          `received ${coinsToString(amount)} but need at least one of the following: ${thresholds.join(',')}`,
        )
      }
    }
    await this.send(ctx, depositor, this.address, amount)
    proposal.totalDeposit = addCoins(proposal.totalDeposit, amount)
    this.setProposal(ctx.state, proposal)
    let activated = false
    if (
      proposal.status === ProposalStatus.DEPOSIT_PERIOD &&
      isAllGTE(proposal.totalDeposit, minDeposit)
    ) {
      await this.activateVotingPeriod(ctx, proposal, params)
      activated = true
    }
    const store = ctx.state.store(MODULE_NAME)
    const existing = await this.c.deposits.get(store, [id, depositor])
    const total = existing ? addCoins(coinsFromProto(existing.amount), amount) : amount
    ctx.events.emit('proposal_deposit', [
      ['depositor', addressToBech32(depositor)],
      ['amount', coinsToString(amount)],
      ['proposal_id', id.toString()],
    ])
    this.c.deposits.set(store, [id, depositor], {
      proposal_id: id.toString(),
      depositor: addressToBech32(depositor),
      amount: coinsToProto(total),
    })
    return activated
  }

  /** Upstream ActivateVotingPeriod: voting starts now and ends after the (expedited) voting period. */
  async activateVotingPeriod(ctx: WriteCtx, p: Proposal, params: GovParams): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    p.votingStartTime = ctx.time
    p.votingEndTime = ctx.time + (p.expedited ? params.expeditedVotingPeriod : params.votingPeriod)
    p.status = ProposalStatus.VOTING_PERIOD
    this.setProposal(ctx.state, p)
    this.c.inactiveQueue.remove(store, [p.depositEndTime, p.id])
    this.c.activeQueue.set(store, [p.votingEndTime, p.id], p.id)
  }

  /** Upstream AddVote: only in the voting period; a new vote replaces the voter's earlier one. */
  async addVote(
    ctx: WriteCtx,
    id: bigint,
    voter: Bytes,
    options: WeightedOption[],
    metadata: string,
  ): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    if (!(await this.c.votingPeriodProposals.has(store, id))) {
      throw ErrInactiveProposal.wrap(String(id))
    }
    assertMetadataLength(metadata)
    for (const o of options) {
      if (!isValidWeightedOption(o)) throw ErrInvalidVote.wrap(weightedOptionText(o))
    }
    const voterText = addressToBech32(voter)
    this.c.votes.set(store, [id, voter], {
      proposal_id: id.toString(),
      voter: voterText,
      options: options.map((o) => ({ option: o.option, weight: o.weight })),
      metadata,
    })
    ctx.events.emit('proposal_vote', [
      ['voter', voterText],
      ['option', weightedOptionsText(options)],
      ['proposal_id', id.toString()],
    ])
  }

  /** Every deposit of a proposal, in depositor order. */
  async deposits(state: Readable, id: bigint): Promise<{ depositor: Bytes; amount: Coin[] }[]> {
    const out: { depositor: Bytes; amount: Coin[] }[] = []
    for await (const [[, depositor], d] of this.c.deposits.iterate(this.store(state), {
      prefix: uint64BE(id),
    })) {
      out.push({ depositor, amount: coinsFromProto(d.amount) })
    }
    return out
  }

  /** Upstream RefundAndDeleteDeposits: every depositor gets their deposit back. */
  async refundAndDeleteDeposits(ctx: WriteCtx, id: bigint): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    for (const d of await this.deposits(ctx.state, id)) {
      await this.send(ctx, this.address, d.depositor, d.amount)
      this.c.deposits.remove(store, [id, d.depositor])
    }
  }

  /** Upstream DeleteAndBurnDeposits: the deposits are burned from the gov account. */
  async deleteAndBurnDeposits(ctx: WriteCtx, id: bigint): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    let burn: Coin[] = []
    for (const d of await this.deposits(ctx.state, id)) {
      burn = addCoins(burn, d.amount)
      this.c.deposits.remove(store, [id, d.depositor])
    }
    await this.burn(ctx, burn)
  }

  /**
   * Upstream ChargeDeposit (proposal cancellation): `rate` of each deposit is burned or sent to
   * `dest`; the rest goes back to the depositor.
   */
  async chargeDeposit(ctx: WriteCtx, id: bigint, dest: string, rate: Dec): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    let charges: Coin[] = []
    for (const d of await this.deposits(ctx.state, id)) {
      const remaining: Coin[] = []
      for (const coin of d.amount) {
        const charge = decTruncate(decMulInt(rate, coin.amount))
        remaining.push({ denom: coin.denom, amount: coin.amount - charge })
        charges = addCoins(charges, [{ denom: coin.denom, amount: charge }])
      }
      const back = normalizeCoins(remaining)
      if (back.length > 0) await this.send(ctx, this.address, d.depositor, back)
      this.c.deposits.remove(store, [id, d.depositor])
    }
    if (charges.length === 0) return
    if (dest === '') await this.burn(ctx, charges)
    else await this.send(ctx, this.address, bech32ToAddress(dest), charges)
  }

  /** Upstream CancelProposal: the proposer cancels before the voting period ends. */
  async cancelProposal(ctx: WriteCtx, id: bigint, proposer: string): Promise<void> {
    const p = await this.getProposal(ctx.state, id)
    if (!p) throw ErrUnknownProposal.wrap(`proposal ${id} doesn't exist`)
    if (p.proposer === '') {
      throw ErrInvalidProposal.wrap(
        `proposal ${id} doesn't have proposer ${proposer}, so cannot be canceled`,
      )
    }
    if (p.proposer !== proposer) throw ErrInvalidProposer.wrap(`invalid proposer ${proposer}`)
    if (p.status !== ProposalStatus.DEPOSIT_PERIOD && p.status !== ProposalStatus.VOTING_PERIOD) {
      throw ErrInvalidProposal.wrap('proposal should be in the deposit or voting period')
    }
    if (p.votingEndTime !== undefined && p.votingEndTime < ctx.time) {
      throw ErrVotingPeriodEnded.wrap(`voting period is already ended for this proposal ${id}`)
    }
    const params = await this.params(ctx.state)
    await this.chargeDeposit(ctx, id, params.proposalCancelDest, params.proposalCancelRatio)
    if (p.votingStartTime !== undefined) await this.deleteVotes(ctx.state, id)
    this.deleteProposal(ctx.state, p)
  }

  /** Removes every vote of a proposal. */
  async deleteVotes(state: Writable, id: bigint): Promise<void> {
    const store = state.store(MODULE_NAME)
    const voters: Bytes[] = []
    for await (const [[, voter]] of this.c.votes.iterate(store, { prefix: uint64BE(id) }))
      voters.push(voter)
    for (const voter of voters) this.c.votes.remove(store, [id, voter])
  }

  /** Upstream Keeper.Tally (see tally.ts); reads only — the EndBlocker deletes the votes. */
  tally(state: Readable, p: Proposal): Promise<TallyOutcome> {
    return tallyProposal(state, p, {
      votes: this.c.votes,
      staking: this.staking,
      params: () => this.params(state),
    })
  }

  /** Upstream SendCoins with its events (coin_spent, coin_received, transfer, message). */
  private async send(ctx: WriteCtx, from: Bytes, to: Bytes, coins: Coin[]): Promise<void> {
    const amount = normalizeCoins(coins)
    if (amount.length === 0) return
    await this.bank.subtractCoins(ctx.state, from, amount)
    await this.bank.addCoins(ctx.state, to, amount)
    const text = coinsToString(amount)
    const sender = addressToBech32(from)
    const recipient = addressToBech32(to)
    ctx.events.emit('coin_spent', [
      ['spender', sender],
      ['amount', text],
    ])
    ctx.events.emit('coin_received', [
      ['receiver', recipient],
      ['amount', text],
    ])
    ctx.events.emit('transfer', [
      ['recipient', recipient],
      ['sender', sender],
      ['amount', text],
    ])
    ctx.events.emit('message', [['sender', sender]])
  }

  /** Upstream BurnCoins from the gov account: balance and supply shrink; coin_spent and burn. */
  private async burn(ctx: WriteCtx, coins: Coin[]): Promise<void> {
    const amount = normalizeCoins(coins)
    if (amount.length === 0) return
    for (const c of amount) {
      if ((await this.bank.balance(ctx.state, this.address, c.denom)) < c.amount) {
        throw ErrInsufficientFunds.wrap(`cannot burn ${c.amount}${c.denom} from the gov account`)
      }
    }
    await this.bank.subtractCoins(ctx.state, this.address, amount)
    for (const c of amount) {
      const supply = await this.bank.supplyOf(ctx.state, c.denom)
      this.bank.setSupply(ctx.state, { denom: c.denom, amount: supply - c.amount })
    }
    const text = coinsToString(amount)
    const burner = addressToBech32(this.address)
    ctx.events.emit('coin_spent', [
      ['spender', burner],
      ['amount', text],
    ])
    ctx.events.emit('burn', [
      ['burner', burner],
      ['amount', text],
    ])
  }
}

/** Upstream assertMetadataLength (also applied to titles). */
export function assertMetadataLength(text: string): void {
  if (text !== '' && text.length > MAX_METADATA_LEN) {
    throw ErrMetadataTooLong.wrap(`got metadata with length ${text.length}`)
  }
}

/** Upstream validateDepositDenom: every deposited denom must be one min_deposit names. */
export function validateDepositDenom(params: GovParams, amount: readonly Coin[]): void {
  const denoms = params.minDeposit.map((c) => c.denom)
  for (const coin of amount) {
    if (!denoms.includes(coin.denom)) {
      throw ErrInvalidDepositDenom.wrap(
        `deposited ${coinsToString(amount)}, but gov accepts only the following denom(s): [${denoms.join(' ')}]`,
      )
    }
  }
}
