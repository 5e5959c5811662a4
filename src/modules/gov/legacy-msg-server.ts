import type { ModuleConfigurator } from '../../app/types.js'
import { decToString } from '../../codec/dec.js'
import { ErrTxDecode } from '../../errors.js'
import { ErrInvalidProposalContent } from './errors.js'
import type { GovKeeper } from './keeper.js'
import {
  execLegacyContent,
  legacyTypeUrls,
  unpackContent,
  type V1Handlers,
  validateContent,
} from './legacy.js'

const V1BETA1 = '/sdk.gov.v1beta1'
const V1 = '/sdk.gov.v1'

/**
 * A v1beta1 weight (LegacyDec wire text: the integer scaled by 10^18) as v1's decimal text. Empty
 * is a nil LegacyDec, which prints `<nil>`; anything but an integer fails to decode, as upstream.
 */
function weightToV1(text: string): string {
  if (text === '') return '<nil>'
  if (!/^-?\d+$/.test(text)) {
    throw ErrTxDecode.wrap(`math/big: cannot unmarshal ${JSON.stringify(text)} into a *big.Int`)
  }
  return decToString(BigInt(text))
}

/**
 * Registers the gov v1beta1 Msg service (upstream legacyMsgServer: each message becomes its v1
 * message and runs through the v1 handler) and v1 ExecLegacyContent, which runs a legacy content
 * when its proposal passes.
 */
export function registerGovLegacyMsgs(
  cfg: ModuleConfigurator,
  keeper: GovKeeper,
  v1: V1Handlers,
): void {
  const { registry } = keeper
  const urls = legacyTypeUrls(registry)

  cfg.registerMsg(`${V1BETA1}.MsgSubmitProposal`, async (msg, ctx) => {
    const { content } = msg
    if (!content) throw ErrInvalidProposalContent.wrap('missing content')
    const text = unpackContent(registry, content)
    validateContent(text)
    const exec = registry.packAny(urls.execLegacyContent, {
      content,
      authority: keeper.authority,
    })
    const res = await v1.msg(`${V1}.MsgSubmitProposal`)(
      {
        messages: [exec],
        initial_deposit: msg.initial_deposit,
        proposer: msg.proposer,
        metadata: '',
        title: text.title,
        summary: text.description,
        expedited: false,
      },
      ctx,
    )
    return { proposal_id: res.proposal_id }
  })

  cfg.registerMsg(`${V1BETA1}.MsgVote`, async (msg, ctx) => {
    await v1.msg(`${V1}.MsgVote`)(
      {
        proposal_id: msg.proposal_id,
        voter: msg.voter,
        option: msg.option,
        metadata: '',
      },
      ctx,
    )
    return {}
  })

  cfg.registerMsg(`${V1BETA1}.MsgVoteWeighted`, async (msg, ctx) => {
    const options = msg.options.map((o) => ({ option: o.option, weight: weightToV1(o.weight) }))
    await v1.msg(`${V1}.MsgVoteWeighted`)(
      { proposal_id: msg.proposal_id, voter: msg.voter, options, metadata: '' },
      ctx,
    )
    return {}
  })

  cfg.registerMsg(`${V1BETA1}.MsgDeposit`, async (msg, ctx) => {
    await v1.msg(`${V1}.MsgDeposit`)(
      {
        proposal_id: msg.proposal_id,
        depositor: msg.depositor,
        amount: msg.amount,
      },
      ctx,
    )
    return {}
  })

  // Runs when a proposal carrying a legacy content passes (a TextProposal changes nothing).
  cfg.registerMsg(`${V1}.MsgExecLegacyContent`, async (msg) => {
    execLegacyContent(registry, keeper.authority, msg)
    return {}
  })
}
