import type protobuf from 'protobufjs'
import type { BlockContext } from '../../app/types.js'
import { addressToBech32, moduleAddress } from '../../codec/address.js'
import { type Bytes, compareBytes, toHex, uint64BE } from '../../codec/bytes.js'
import { compactTextQuote } from '../../codec/compact-text.js'
import { type Dec, decFromInt, decFromString } from '../../codec/dec.js'
import { messageFromJson } from '../../codec/json-parser.js'
import type { AnyMessage, Proto, ProtoRegistry } from '../../codec/proto.js'
import { msgSigners } from '../../codec/signers.js'
import type { KVReader, Readable, Writable } from '../../store/types.js'
import { chargeDeposit } from './deposits.js'
import {
  ErrInactiveProposal,
  ErrInvalidProposal,
  ErrInvalidProposer,
  ErrInvalidSigner,
  ErrInvalidVote,
  ErrMetadataTooLong,
  ErrSummaryTooLong,
  ErrUnroutableProposalMsg,
  ErrVotingPeriodEnded,
  proposalNotFound,
} from './errors.js'
import type {
  GovBankKeeper,
  GovDistributionKeeper,
  GovMsgRouter,
  GovStakingKeeper,
} from './expected-keepers.js'
import {
  govCollections,
  legacyQueueEnd,
  MAX_METADATA_LEN,
  MAX_SUMMARY_LEN,
  MODULE_NAME,
  QUEUE_START,
  queueEnd,
} from './keys.js'
import { checkProposalLegacyContent } from './legacy.js'
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

/**
 * A proposal message unpacked from its Any: its type is known only at runtime (any Msg the router
 * serves), so its fields are read by name (the signer fields) or left to its handler.
 */
export type ProposalMsg = Readonly<Record<string, unknown>>

/** What a new proposal is made of (the msg server has checked the proposer and deposit). */
/** A due queue entry; `legacy` when it is keyed in the layout before upstream's time key. */
export interface DueEntry {
  time: bigint
  id: bigint
  legacy: boolean
}

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

/**
 * Upstream WeightedVoteOption.String(), gogoproto's compact text: each field followed by one space,
 * a zero field (option UNSPECIFIED, an empty weight) left out, an unknown option by its number.
 */
export function weightedOptionText(o: WeightedOption): string {
  const option = o.option === 0 ? '' : `option:${VOTE_OPTION_NAMES[o.option] ?? o.option} `
  return option + (o.weight === '' ? '' : `weight:${compactTextQuote(o.weight)} `)
}

export interface GovKeeperOptions {
  registry: ProtoRegistry
  bank: GovBankKeeper
  staking: GovStakingKeeper
  distribution: GovDistributionKeeper
}

/**
 * x/gov v1 keeper: proposals and their queues, votes and the tally by bonded voting power. Deposits,
 * held by the gov module account, are free functions over it (deposits.ts).
 */
export class GovKeeper {
  readonly c: ReturnType<typeof govCollections>
  /** The gov module account: holds deposits and signs a passed proposal's messages. */
  readonly address: Bytes = moduleAddress(MODULE_NAME)
  /** The gov module account as bech32 (the authority of gov-controlled messages). */
  readonly authority: string = addressToBech32(this.address)
  private msgRouter: GovMsgRouter | undefined

  readonly registry: ProtoRegistry
  /** Moves deposits in and out of the gov account (deposits.ts). */
  readonly bank: GovBankKeeper
  /** Takes a cancelled proposal's charge into the community pool (deposits.ts). */
  readonly distribution: GovDistributionKeeper
  private readonly staking: GovStakingKeeper

  constructor({ registry, bank, staking, distribution }: GovKeeperOptions) {
    this.registry = registry
    this.bank = bank
    this.distribution = distribution
    this.staking = staking
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
  async rawParams(state: Readable): Promise<Proto<'sdk.gov.v1.Params'>> {
    const stored = await this.c.params.get(this.store(state))
    if (stored) return stored
    return messageFromJson(
      this.registry,
      this.registry.type('sdk.gov.v1.Params'),
      defaultGovParams(),
    )
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

  /**
   * Entries due in a queue at block time `t` (time ≤ t), in (time, id) order, with those a home made
   * before upstream's time key still holds in the old layout (`legacy`).
   */
  dueProposals(
    state: Readable,
    queue: 'active' | 'inactive',
    t: bigint,
  ): DueEntry[] | Promise<DueEntry[]> {
    const map = queue === 'active' ? this.c.activeQueue : this.c.inactiveQueue
    // Every block asks; most blocks have no proposal in the queue at all: answered at once.
    if (this.store(state).isEmpty?.({ prefix: map.prefix }) === true) return []
    return this.dueInQueue(state, queue, t)
  }

  /** `dueProposals` read from the queue (and its legacy keys). */
  private async dueInQueue(
    state: Readable,
    queue: 'active' | 'inactive',
    t: bigint,
  ): Promise<DueEntry[]> {
    const active = queue === 'active'
    const map = active ? this.c.activeQueue : this.c.inactiveQueue
    const legacy = active ? this.c.legacyActiveQueue : this.c.legacyInactiveQueue
    const out: DueEntry[] = []
    const store = this.store(state)
    const oldEnd = legacyQueueEnd(t)
    const end = compareBytes(oldEnd, QUEUE_START) < 0 ? oldEnd : QUEUE_START
    for await (const [[time, id]] of legacy.iterate(store, { end }))
      out.push({ time, id, legacy: true })
    for await (const [[time, id]] of map.iterate(store, { start: QUEUE_START, end: queueEnd(t) }))
      out.push({ time, id, legacy: false })
    return out.sort((a, b) =>
      a.time !== b.time ? (a.time < b.time ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    )
  }

  /**
   * Upstream Keeper.SubmitProposal after the msg server's checks: lengths, then each message's
   * signer (the gov account alone) and route, then the new proposal in its deposit period.
   */
  async submitProposal(ctx: WriteCtx, np: NewProposal): Promise<Proposal> {
    assertMetadataLength(np.metadata)
    const summaryLength = Buffer.byteLength(np.summary, 'utf8')
    if (summaryLength > MAX_SUMMARY_LEN) {
      throw ErrSummaryTooLong.wrap(`got summary with length ${summaryLength}`)
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
      // Upstream dry-runs a legacy content here: one no handler serves is refused at submission.
      checkProposalLegacyContent(this.registry, this.authority, any)
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

  /**
   * The message inside an Any, decoded by the type its URL names (unknown type URLs fail as at tx
   * decoding); dynamic, as a proposal may carry any Msg.
   */
  unpack(any: AnyMessage): { type: protobuf.Type; value: ProposalMsg } {
    const { type, value } = this.registry.unpackAny(any)
    return { type, value }
  }

  /** The addresses that must sign a message (its `(sdk.msg.v1.signer)` fields). */
  signers(type: protobuf.Type, msg: ProposalMsg): Bytes[] {
    return msgSigners(type, msg)
  }

  /** Upstream ActivateVotingPeriod: voting starts now and ends after the (expedited) voting period. */
  async activateVotingPeriod(ctx: WriteCtx, p: Proposal): Promise<void> {
    const store = ctx.state.store(MODULE_NAME)
    // Upstream reads the params again here (charged), though AddDeposit has them.
    const params = await this.params(ctx.state)
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

  /** Upstream CancelProposal: the proposer cancels before the voting period ends. */
  async cancelProposal(ctx: BlockContext, id: bigint, proposer: string): Promise<void> {
    const p = await this.getProposal(ctx.state, id)
    if (!p) throw proposalNotFound(this.registry, id)
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
    await chargeDeposit(this, ctx, id, params.proposalCancelDest, params.proposalCancelRatio)
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
}

/** Upstream assertMetadataLength (also applied to titles): Go's `len`, so UTF-8 bytes. */
export function assertMetadataLength(text: string): void {
  const length = Buffer.byteLength(text, 'utf8')
  if (length > MAX_METADATA_LEN) {
    throw ErrMetadataTooLong.wrap(`got metadata with length ${length}`)
  }
}
