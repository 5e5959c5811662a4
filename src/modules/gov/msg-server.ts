import type { ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import {
  type Coin,
  coinsFromProto,
  coinsText,
  coinsToString,
  isValidCoins,
} from '../../codec/coins.js'
import { decFromInt, decFromString, decMul, decRound } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import type { Proto } from '../../codec/proto.js'
import { timeToTimestamp } from '../../codec/time.js'
import { ErrInvalidAddress, ErrInvalidCoins, ErrInvalidRequest, ErrTxDecode } from '../../errors.js'
import { checkAuthority } from './authority.js'
import { addDeposit, validateDepositDenom } from './deposits.js'
import {
  ErrInvalidProposalContent,
  ErrInvalidVote,
  ErrMinDepositTooSmall,
  ErrNoProposalMsgs,
} from './errors.js'
import { type GovKeeper, isValidWeightedOption, weightedOptionText } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { type GovParams, readGovParams } from './params.js'
import { proposalToProto, VOTE_OPTION_NAMES } from './proposal.js'

const MSG = '/sdk.gov.v1'

/** Decodes an address field; a bad one is `invalid <what> address: <codec error>: invalid address`. */
function addressOf(text: string, what: string): Bytes {
  try {
    return bech32ToAddress(text)
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid ${what} address: ${(err as Error).message}`)
  }
}

/** Coins of a message field when upstream `sdk.Coins.IsValid` takes them; else undefined. */
function validCoins(coins: readonly Proto<'sdk.base.v1beta1.Coin'>[]): Coin[] | undefined {
  return isValidCoins(coins) ? coinsFromProto(coins) : undefined
}

/** The JSON metadata upstream recognises (ProposalMetadata); undefined when it is not that. */
function proposalMetadata(text: string): { title: string; summary: string } | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return undefined
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined
  const m = json as Record<string, unknown>
  // Go's json.Unmarshal fails (and upstream ignores the metadata) when a field has the wrong type.
  for (const k of ['title', 'summary', 'details', 'proposal_forum_url', 'vote_option_context']) {
    if (m[k] !== undefined && m[k] !== null && typeof m[k] !== 'string') return undefined
  }
  if (m.authors !== undefined && m.authors !== null) {
    if (!Array.isArray(m.authors) || m.authors.some((a) => typeof a !== 'string')) return undefined
  }
  return { title: String(m.title ?? ''), summary: String(m.summary ?? '') }
}

/** Upstream validateInitialDeposit: valid coins, and the min-initial-deposit ratio when set. */
function validateInitialDeposit(
  params: GovParams,
  list: readonly Proto<'sdk.base.v1beta1.Coin'>[],
  expedited: boolean,
): Coin[] {
  const coins = validCoins(list)
  if (!coins) throw ErrInvalidCoins.wrap(coinsText(list))
  if (params.minInitialDepositRatio === 0n) return coins
  const base = expedited ? params.expeditedMinDeposit : params.minDeposit
  const need = base.map((c) => ({
    denom: c.denom,
    // Upstream amount.ToLegacyDec().Mul(ratio).RoundInt().
    amount: decRound(decMul(decFromInt(c.amount), params.minInitialDepositRatio)),
  }))
  if (!need.every((n) => (coins.find((c) => c.denom === n.denom)?.amount ?? 0n) >= n.amount)) {
    throw ErrMinDepositTooSmall.wrap(
      `was (${coinsToString(coins)}), need (${coinsToString(need.filter((n) => n.amount > 0n))})`,
    )
  }
  return coins
}

/** Upstream KVGasConfig's WriteCostPerByte, which prices a submitted proposal's bytes. */
const KV_WRITE_COST_PER_BYTE = 30

/** Registers the gov v1 Msg service (thin wrappers over the keeper, as upstream). */
export function registerGovMsgs(cfg: ModuleConfigurator, keeper: GovKeeper): void {
  cfg.registerMsg(`${MSG}.MsgSubmitProposal`, async (msg, ctx) => {
    const { title, summary, metadata } = msg
    if (title === '') throw ErrInvalidRequest.wrap('proposal title cannot be empty')
    if (summary === '') throw ErrInvalidRequest.wrap('proposal summary cannot be empty')
    const proposerText = msg.proposer
    const proposer = addressOf(proposerText, 'proposer')
    // Kept packed: a proposal may carry any Msg, unpacked by its type URL when it is checked and run.
    const messages = msg.messages.map((a) => ({ type_url: a.type_url, value: a.value }))
    if (messages.length === 0 && metadata === '') {
      throw ErrNoProposalMsgs.wrap('either metadata or Msgs length must be non-nil')
    }
    if (metadata !== '') {
      const m = proposalMetadata(metadata)
      if (m && m.title !== title) {
        throw ErrInvalidProposalContent.wrap(
          `metadata title '${m.title}' must equal proposal title '${title}'`,
        )
      }
      if (m && m.summary !== summary) {
        throw ErrInvalidProposalContent.wrap(
          `metadata summary '${m.summary}' must equal proposal summary '${summary}'`,
        )
      }
    }
    for (const any of messages) {
      // Upstream fails to decode a tx whose proposal carries an unknown type.
      if (!keeper.registry.typeOfUrl(any.type_url)) {
        throw ErrTxDecode.wrap(`unable to resolve type URL ${any.type_url}`)
      }
    }
    const { expedited } = msg
    const params = await keeper.params(ctx.state)
    const deposit = validateInitialDeposit(params, msg.initial_deposit, expedited)
    validateDepositDenom(params, deposit)
    const proposal = await keeper.submitProposal(ctx, {
      messages,
      metadata,
      title,
      summary,
      proposer: proposerText,
      expedited,
    })
    // Upstream charges three times the write price of the proposal's bytes (cosmos-sdk#9683).
    const bytes = keeper.registry.encode('sdk.gov.v1.Proposal', proposalToProto(proposal))
    ctx.gasMeter?.consume(3 * KV_WRITE_COST_PER_BYTE * bytes.length, 'submit proposal')
    const started = await addDeposit(keeper, ctx, proposal.id, proposer, deposit)
    if (started)
      ctx.events.emit('submit_proposal', [['voting_period_start', proposal.id.toString()]])
    return { proposal_id: proposal.id.toString() }
  })

  cfg.registerMsg(`${MSG}.MsgDeposit`, async (msg, ctx) => {
    const depositor = addressOf(msg.depositor, 'depositor')
    const coins = validCoins(msg.amount)
    if (!coins || coins.length === 0) throw ErrInvalidCoins.wrap(coinsText(msg.amount))
    const id = int64Of(msg.proposal_id)
    const started = await addDeposit(keeper, ctx, id, depositor, coins)
    if (started) ctx.events.emit('proposal_deposit', [['voting_period_start', id.toString()]])
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgVote`, async (msg, ctx) => {
    const voter = addressOf(msg.voter, 'voter')
    const { option } = msg
    if (option < 1 || option > 4) {
      throw ErrInvalidVote.wrap(VOTE_OPTION_NAMES[option] ?? String(option))
    }
    const id = int64Of(msg.proposal_id)
    await keeper.addVote(ctx, id, voter, [{ option, weight: '1.000000000000000000' }], msg.metadata)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgVoteWeighted`, async (msg, ctx) => {
    const voter = addressOf(msg.voter, 'voter')
    const { options } = msg
    if (options.length === 0) throw ErrInvalidRequest.wrap('null')
    let total = 0n
    const used = new Set<number>()
    for (const o of options) {
      if (!isValidWeightedOption(o)) throw ErrInvalidVote.wrap(weightedOptionText(o))
      total += decFromString(o.weight)
      if (used.has(o.option)) throw ErrInvalidVote.wrap('duplicated vote option')
      used.add(o.option)
    }
    if (total > decFromInt(1n)) throw ErrInvalidVote.wrap('total weight overflow 1.00')
    if (total < decFromInt(1n)) throw ErrInvalidVote.wrap('total weight lower than 1.00')
    const id = int64Of(msg.proposal_id)
    await keeper.addVote(ctx, id, voter, options, msg.metadata)
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgCancelProposal`, async (msg, ctx) => {
    const { proposer } = msg
    addressOf(proposer, 'proposer')
    const id = int64Of(msg.proposal_id)
    await keeper.cancelProposal(ctx, id, proposer)
    ctx.events.emit('cancel_proposal', [
      ['sender', proposer],
      ['proposal_id', id.toString()],
    ])
    return {
      proposal_id: id.toString(),
      canceled_time: timeToTimestamp(ctx.time),
      canceled_height: String(ctx.height),
    }
  })

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx) => {
    checkAuthority(msg.authority, keeper.authority)
    // Unset params are the zero Params, which fail the checks (upstream's non-nullable field).
    const params = msg.params ?? keeper.registry.decode('sdk.gov.v1.Params', new Uint8Array())
    readGovParams(params)
    keeper.c.params.set(ctx.state.store(MODULE_NAME), params)
    return {}
  })
}
