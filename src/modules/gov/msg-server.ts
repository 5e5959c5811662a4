import type { BlockContext, ModuleConfigurator } from '../../app/types.js'
import { bech32ToAddress } from '../../codec/address.js'
import type { Bytes } from '../../codec/bytes.js'
import {
  type Coin,
  coinsFromProto,
  coinsText,
  coinsToString,
  isValidCoins,
  type RawCoin,
} from '../../codec/coins.js'
import { decFromInt, decFromString, decMul, decRound } from '../../codec/dec.js'
import type { AnyMessage, ProtoMessage } from '../../codec/proto.js'
import { timeToTimestamp } from '../../codec/time.js'
import { ErrInvalidAddress, ErrInvalidCoins, ErrInvalidRequest, ErrTxDecode } from '../../errors.js'
import { addDeposit, validateDepositDenom } from './deposits.js'
import {
  ErrInvalidProposalContent,
  ErrInvalidSigner,
  ErrInvalidVote,
  ErrMinDepositTooSmall,
  ErrNoProposalMsgs,
} from './errors.js'
import { type GovKeeper, isValidWeightedOption, weightedOptionText } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { readGovParams } from './params.js'
import { VOTE_OPTION_NAMES, type WeightedOption } from './proposal.js'

const MSG = '/sdk.gov.v1'

/** Decodes an address field; a bad one is `invalid <what> address: <codec error>: invalid address`. */
function addressOf(text: unknown, what: string): Bytes {
  try {
    return bech32ToAddress(String(text ?? ''))
  } catch (err) {
    throw ErrInvalidAddress.wrap(`invalid ${what} address: ${(err as Error).message}`)
  }
}

/** Coins of a message field when upstream `sdk.Coins.IsValid` takes them; else undefined. */
function validCoins(list: unknown): Coin[] | undefined {
  const coins = list as readonly RawCoin[] | undefined
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
  params: ReturnType<typeof readGovParams>,
  list: unknown,
  expedited: boolean,
): Coin[] {
  const coins = validCoins(list)
  if (!coins) throw ErrInvalidCoins.wrap(coinsText(list as readonly RawCoin[] | undefined))
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

/** The weighted options of a message (`{option, weight}` list). */
function weightedOptions(list: unknown): WeightedOption[] {
  return ((list ?? []) as ProtoMessage[]).map((o) => ({
    option: Number(o.option ?? 0),
    weight: String(o.weight ?? ''),
  }))
}

/** Registers the gov v1 Msg service (thin wrappers over the keeper, as upstream). */
export function registerGovMsgs(cfg: ModuleConfigurator, keeper: GovKeeper): void {
  cfg.registerMsg(`${MSG}.MsgSubmitProposal`, async (msg, ctx) => {
    const title = String(msg.title ?? '')
    const summary = String(msg.summary ?? '')
    const metadata = String(msg.metadata ?? '')
    if (title === '') throw ErrInvalidRequest.wrap('proposal title cannot be empty')
    if (summary === '') throw ErrInvalidRequest.wrap('proposal summary cannot be empty')
    const proposerText = String(msg.proposer ?? '')
    const proposer = addressOf(proposerText, 'proposer')
    const messages = ((msg.messages ?? []) as ProtoMessage[]).map(
      (a): AnyMessage => ({
        type_url: String(a.type_url ?? ''),
        value: a.value ?? new Uint8Array(),
      }),
    )
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
    const expedited = msg.expedited === true
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
    const started = await addDeposit(keeper, ctx, proposal.id, proposer, deposit)
    if (started)
      ctx.events.emit('submit_proposal', [['voting_period_start', proposal.id.toString()]])
    return { proposal_id: proposal.id.toString() }
  })

  cfg.registerMsg(`${MSG}.MsgDeposit`, async (msg, ctx) => {
    const depositor = addressOf(msg.depositor, 'depositor')
    const coins = validCoins(msg.amount)
    if (!coins || coins.length === 0) throw ErrInvalidCoins.wrap(coinsText(msg.amount))
    const id = BigInt(String(msg.proposal_id ?? 0))
    const started = await addDeposit(keeper, ctx, id, depositor, coins)
    if (started) ctx.events.emit('proposal_deposit', [['voting_period_start', id.toString()]])
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgVote`, async (msg, ctx) => {
    const voter = addressOf(msg.voter, 'voter')
    const option = Number(msg.option ?? 0)
    if (option < 1 || option > 4) {
      throw ErrInvalidVote.wrap(VOTE_OPTION_NAMES[option] ?? String(option))
    }
    const id = BigInt(String(msg.proposal_id ?? 0))
    await keeper.addVote(
      ctx,
      id,
      voter,
      [{ option, weight: '1.000000000000000000' }],
      String(msg.metadata ?? ''),
    )
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgVoteWeighted`, async (msg, ctx) => {
    const voter = addressOf(msg.voter, 'voter')
    const options = weightedOptions(msg.options)
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
    const id = BigInt(String(msg.proposal_id ?? 0))
    await keeper.addVote(ctx, id, voter, options, String(msg.metadata ?? ''))
    return {}
  })

  cfg.registerMsg(`${MSG}.MsgCancelProposal`, async (msg, ctx) => {
    const proposer = String(msg.proposer ?? '')
    addressOf(proposer, 'proposer')
    const id = BigInt(String(msg.proposal_id ?? 0))
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

  cfg.registerMsg(`${MSG}.MsgUpdateParams`, async (msg, ctx: BlockContext) => {
    const authority = String(msg.authority ?? '')
    if (authority !== keeper.authority) {
      throw ErrInvalidSigner.wrap(
        `invalid authority; expected ${keeper.authority}, got ${authority}`,
      )
    }
    const params = (msg.params ?? {}) as ProtoMessage
    readGovParams(params)
    keeper.c.params.set(ctx.state.store(MODULE_NAME), params)
    return {}
  })
}
