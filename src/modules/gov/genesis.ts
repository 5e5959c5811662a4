import type { BlockContext } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import { addCoins, type Coin, coinsFromProto, coinsToString } from '../../codec/coins.js'
import { int64Of } from '../../codec/int64.js'
import { JsonMappingError } from '../../codec/json.js'
import { messageFromJson } from '../../codec/json-parser.js'
import { messageToJson } from '../../codec/json-writer.js'
import type { Proto, ProtoInit, ProtoRegistry } from '../../codec/proto.js'
import type { Readable } from '../../store/types.js'
import type { GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { defaultGovParams, readGovParams } from './params.js'
import { ProposalStatus, proposalFromProto } from './proposal.js'

// x/gov genesis (upstream x/gov/genesis.go and types/v1/genesis.go).

const PATH = 'app_state.gov'

/** A genesis section checked and parsed into the records InitGenesis stores. */
export interface GovGenesis {
  g: Proto<'sdk.gov.v1.GenesisState'>
  /** `g.params`, which must be set. */
  params: Proto<'sdk.gov.v1.Params'>
  proposals: Map<bigint, Proto<'sdk.gov.v1.Proposal'>>
  deposits: { id: bigint; depositor: Bytes; d: Proto<'sdk.gov.v1.Deposit'>; amount: Coin[] }[]
  votes: { id: bigint; voter: Bytes; v: Proto<'sdk.gov.v1.Vote'> }[]
}

/** Default gov genesis section (upstream JSON shape). */
export function defaultGovGenesis() {
  return {
    starting_proposal_id: '1',
    deposits: [],
    votes: [],
    proposals: [],
    params: defaultGovParams(),
    constitution: '',
  }
}

function fail(problem: string): never {
  throw new JsonMappingError(`${PATH}: ${problem}`)
}

/** Upstream ValidateGenesis, with the records parsed for InitGenesis. */
export function parseGovGenesis(registry: ProtoRegistry, genesis: unknown): GovGenesis {
  const genesisType = registry.type('sdk.gov.v1.GenesisState')
  const g = messageFromJson(registry, genesisType, genesis ?? {}, PATH)
  if (int64Of(g.starting_proposal_id) === 0n) fail('starting proposal id must be greater than 0')
  const { params } = g
  if (!params) fail('params: must be set')
  try {
    readGovParams(params)
  } catch (err) {
    fail(`params: ${(err as Error).message}`)
  }
  const proposals: GovGenesis['proposals'] = new Map()
  for (const p of g.proposals) {
    const id = int64Of(p.id)
    if (proposals.has(id)) fail(`duplicate proposal id: ${id}`)
    proposals.set(id, p)
  }
  const deposits: GovGenesis['deposits'] = []
  const seenDeposits = new Set<string>()
  for (const d of g.deposits) {
    const id = int64Of(d.proposal_id)
    const key = `${id}/${d.depositor}`
    if (seenDeposits.has(key)) fail(`duplicate deposit: ${JSON.stringify(d)}`)
    seenDeposits.add(key)
    if (!proposals.has(id)) fail(`deposit ${JSON.stringify(d)} has non-existent proposal id: ${id}`)
    let depositor: Bytes
    let amount: Coin[]
    try {
      depositor = bech32ToAddress(d.depositor)
      amount = coinsFromProto(d.amount)
    } catch (err) {
      return fail(`deposit of proposal ${id}: ${(err as Error).message}`)
    }
    deposits.push({ id, depositor, d, amount })
  }
  const votes: GovGenesis['votes'] = []
  const seenVotes = new Set<string>()
  for (const v of g.votes) {
    const id = int64Of(v.proposal_id)
    const key = `${id}/${v.voter}`
    if (seenVotes.has(key)) fail(`duplicate vote on proposal: ${id} by voter: ${v.voter}`)
    seenVotes.add(key)
    if (!proposals.has(id)) fail(`vote ${JSON.stringify(v)} has non-existent proposal id: ${id}`)
    let voter: Bytes
    try {
      voter = bech32ToAddress(v.voter)
    } catch (err) {
      return fail(`vote on proposal ${id}: ${(err as Error).message}`)
    }
    votes.push({ id, voter, v })
  }
  return { g, params, proposals, deposits, votes }
}

/**
 * Upstream InitGenesis: stores the params, proposals (with their queues), deposits and votes; the
 * gov account must hold exactly the deposits (`balance` is its balance).
 */
export async function initGovGenesis(
  ctx: BlockContext,
  keeper: GovKeeper,
  { g, params, proposals, deposits, votes }: GovGenesis,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  keeper.c.proposalId.set(store, int64Of(g.starting_proposal_id))
  keeper.c.params.set(store, params)
  keeper.c.constitution.set(store, g.constitution)
  let total: Coin[] = []
  for (const { id, depositor, d, amount } of deposits) {
    keeper.c.deposits.set(store, [id, depositor], d)
    total = addCoins(total, amount)
  }
  for (const { id, voter, v } of votes) keeper.c.votes.set(store, [id, voter], v)
  for (const raw of proposals.values()) {
    const p = proposalFromProto(raw)
    if (p.status === ProposalStatus.DEPOSIT_PERIOD)
      keeper.c.inactiveQueue.set(store, [p.depositEndTime, p.id], p.id)
    if (p.status === ProposalStatus.VOTING_PERIOD && p.votingEndTime !== undefined)
      keeper.c.activeQueue.set(store, [p.votingEndTime, p.id], p.id)
    keeper.setProposal(ctx.state, p)
  }
  // Upstream refuses a genesis whose gov account does not hold exactly the deposits.
  const held = await keeper.bank.balances(ctx.state, keeper.address)
  if (coinsToString(held) !== coinsToString(total)) {
    fail(`expected module account was ${coinsToString(held)} but we got ${coinsToString(total)}`)
  }
}

/**
 * Upstream ExportGenesis (x/gov/genesis.go v0.50): the next proposal id, every proposal in id
 * order, every deposit and vote in (proposal id, address) key order, the params and the
 * constitution; the deprecated param groups null. In genesis JSON form, as InitGenesis reads it.
 */
export async function exportGovGenesis(state: Readable, keeper: GovKeeper) {
  const store = state.store(MODULE_NAME)
  const c = keeper.c
  const proposals = []
  for await (const [, p] of c.proposals.iterate(store)) proposals.push(p)
  const deposits = []
  for await (const [, d] of c.deposits.iterate(store)) deposits.push(d)
  const votes = []
  for await (const [, v] of c.votes.iterate(store)) votes.push(v)
  const g: ProtoInit<'sdk.gov.v1.GenesisState'> = {
    // Unset only before InitGenesis; the first proposal id is then 1 (as submitProposal reads it).
    starting_proposal_id: ((await c.proposalId.get(store)) ?? 1n).toString(),
    deposits,
    votes,
    proposals,
    params: await keeper.rawParams(state),
    constitution: await keeper.constitution(state),
  }
  const type = keeper.registry.type('sdk.gov.v1.GenesisState')
  return messageToJson(keeper.registry, type, type.fromObject(g))
}
