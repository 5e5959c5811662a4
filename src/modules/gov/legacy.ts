import { routedMsg } from '../../app/handlers.js'
import type { ModuleConfigurator, MsgHandler, RoutedMsgHandler } from '../../app/types.js'
import { utf8 } from '../../codec/bytes.js'
import { coinsFromProto, coinsToProto, normalizeCoins } from '../../codec/coins.js'
import { DecimalError, decFromString } from '../../codec/dec.js'
import { int64Of } from '../../codec/int64.js'
import { GO_ZERO_TIMESTAMP } from '../../codec/json-well-known.js'
import type {
  AnyMessage,
  MsgTypeUrl,
  Proto,
  ProtoInit,
  ProtoName,
  ProtoRegistry,
} from '../../codec/proto.js'
import { ErrInvalidType, ErrLogic, ErrTxDecode, GrpcCode, StatusError } from '../../errors.js'
import {
  ErrInvalidProposalContent,
  ErrInvalidSigner,
  ErrNoProposalHandlerExists,
} from './errors.js'
import type { GovParamsAnswer } from './params.js'

// gov v1beta1 as upstream v0.50 keeps it: a view of the one gov v1 store. Proposals, votes,
// deposits, tallies and params convert from v1 (x/gov/migrations/v3 ConvertToLegacy*); a legacy
// content is carried in a v1 proposal by MsgExecLegacyContent.

/** Longest TextProposal title and description, in UTF-8 bytes (upstream v1beta1 ValidateAbstract). */
export const MAX_TITLE_LENGTH = 140
export const MAX_DESCRIPTION_LENGTH = 10_000

/** The type URLs the legacy services build. */
export function legacyTypeUrls(registry: ProtoRegistry) {
  return { execLegacyContent: registry.typeUrl('sdk.gov.v1.MsgExecLegacyContent') }
}

/**
 * The v1 Msg service's handlers, captured while they register, so the v1beta1 wrappers can call
 * them (upstream's legacy msg server calls the v1 one). The v1beta1 queries call the v1 query
 * methods directly (queries.ts), whose answers keep their decoded types.
 */
export interface V1Handlers {
  /** Registers on `cfg` and remembers the Msg handlers registered. */
  readonly cfg: ModuleConfigurator
  msg<U extends MsgTypeUrl>(typeUrl: U): MsgHandler<U>
}

/** A configurator that forwards to `cfg` and keeps the Msg handlers registered through it. */
export function captureHandlers(cfg: ModuleConfigurator): V1Handlers {
  const msgs = new Map<string, RoutedMsgHandler>()
  return {
    cfg: {
      registerMsg(typeUrl, handler) {
        msgs.set(typeUrl, routedMsg(handler))
        cfg.registerMsg(typeUrl, handler)
      },
      registerQuery: (method, handler) => cfg.registerQuery(method, handler),
      registerMigration: (module, from, migration) =>
        cfg.registerMigration(module, from, migration),
    },
    msg: <U extends MsgTypeUrl>(typeUrl: U) => {
      const h = msgs.get(typeUrl)
      if (!h) throw ErrLogic.wrap(`gov v1 handler ${typeUrl} is not registered`)
      // Registered under this type URL, so of this type URL's types.
      return h as unknown as MsgHandler<U>
    },
  }
}

/**
 * The legacy Content types (upstream's implementations of v1beta1 Content) and the route each goes
 * to. The legacy router serves only `gov` (TextProposal, which changes nothing), as upstream's
 * simapp: x/upgrade's deprecated contents are known but have no handler.
 */
const LEGACY_CONTENTS = {
  'sdk.gov.v1beta1.TextProposal': 'gov',
  'sdk.upgrade.v1beta1.SoftwareUpgradeProposal': 'upgrade',
  'sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal': 'upgrade',
} as const satisfies Readonly<Partial<Record<ProtoName, string>>>

/** A legacy Content, decoded: each has the title and description every content is checked for. */
export type LegacyContent = Proto<keyof typeof LEGACY_CONTENTS>

/** A decoded MsgExecLegacyContent. */
type ExecLegacyContent = Proto<'sdk.gov.v1.MsgExecLegacyContent'>

/** The route of a legacy Content type URL; undefined when the type is not a Content. */
function contentRoute(registry: ProtoRegistry, typeUrl: string): string | undefined {
  for (const [name, route] of Object.entries(LEGACY_CONTENTS)) {
    if (registry.typeUrl(name) === typeUrl) return route
  }
  return undefined
}

/**
 * The legacy Content inside an Any, as the tx decoder unpacks it against the Content interface: an
 * unknown or non-Content type is a decode error.
 */
export function unpackContent(registry: ProtoRegistry, any: AnyMessage): LegacyContent {
  if (contentRoute(registry, any.type_url) === undefined) {
    if (!registry.typeOfUrl(any.type_url)) {
      throw ErrTxDecode.wrap(`unable to resolve type URL ${any.type_url}`)
    }
    throw ErrTxDecode.wrap(
      `no concrete type registered for type URL ${any.type_url} against interface *v1beta1.Content`,
    )
  }
  // Its type URL names one of the legacy contents.
  return registry.unpackAny(any).value as LegacyContent
}

/**
 * A MsgExecLegacyContent packed in an Any (the caller has checked the type URL), decoded as the tx
 * decoder does.
 */
function unpackExecLegacyContent(registry: ProtoRegistry, any: AnyMessage): ExecLegacyContent {
  return registry.unpackAny(any).value as ExecLegacyContent
}

/** Upstream LegacyContentFromMessage: the content of a MsgExecLegacyContent, or ErrInvalidType. */
export function legacyContentOf(registry: ProtoRegistry, msg: ExecLegacyContent): AnyMessage {
  const { content } = msg
  if (!content || contentRoute(registry, content.type_url) === undefined) {
    throw ErrInvalidType.wrap('expected *v1beta1.Content, got <nil>')
  }
  return content
}

/**
 * Upstream ExecLegacyContent: the gov account runs a legacy content through the legacy router. Only
 * `gov` is routed, and a TextProposal does nothing, so this only checks.
 */
export function execLegacyContent(
  registry: ProtoRegistry,
  govAccount: string,
  msg: ExecLegacyContent,
): void {
  const { authority } = msg
  if (authority !== govAccount) {
    throw ErrInvalidSigner.wrap(`expected ${govAccount} got ${authority}`)
  }
  let content: AnyMessage
  try {
    content = legacyContentOf(registry, msg)
  } catch (err) {
    throw ErrInvalidProposalContent.wrap((err as Error).message, { cause: err })
  }
  const route = contentRoute(registry, content.type_url)!
  if (route !== 'gov') throw ErrNoProposalHandlerExists.wrap(route)
}

/**
 * Upstream Keeper.SubmitProposal's dry run of a MsgExecLegacyContent proposal message: a content no
 * handler serves is refused as is (`upgrade: no handler exists for proposal type`), any other
 * failure as invalid proposal content. Other messages are not looked at.
 */
export function checkProposalLegacyContent(
  registry: ProtoRegistry,
  govAccount: string,
  any: AnyMessage,
): void {
  if (any.type_url !== legacyTypeUrls(registry).execLegacyContent) return
  try {
    execLegacyContent(registry, govAccount, unpackExecLegacyContent(registry, any))
  } catch (err) {
    if (ErrNoProposalHandlerExists.is(err)) throw err
    throw ErrInvalidProposalContent.wrap((err as Error).message, { cause: err })
  }
}

/**
 * Upstream v1beta1 ValidateAbstract (the ValidateBasic every legacy content runs; a
 * SoftwareUpgradeProposal's plan is not checked here); lengths are Go's `len` (bytes).
 */
export function validateContent(content: LegacyContent): void {
  const { title, description } = content
  if (title.trim() === '') throw ErrInvalidProposalContent.wrap('proposal title cannot be blank')
  if (Buffer.byteLength(title, 'utf8') > MAX_TITLE_LENGTH) {
    throw ErrInvalidProposalContent.wrap(
      `proposal title is longer than max length of ${MAX_TITLE_LENGTH}`,
    )
  }
  if (description === '') {
    throw ErrInvalidProposalContent.wrap('proposal description cannot be blank')
  }
  if (Buffer.byteLength(description, 'utf8') > MAX_DESCRIPTION_LENGTH) {
    throw ErrInvalidProposalContent.wrap(
      `proposal description is longer than max length of ${MAX_DESCRIPTION_LENGTH}`,
    )
  }
}

/** A plain conversion failure (a Go `fmt.Errorf`, which gRPC reports as Unknown). */
function conversionError(message: string): StatusError {
  return new StatusError(GrpcCode.Unknown, message)
}

/** A decimal's text as a LegacyDec's wire text (its integer scaled by 10^18). */
export function decToAtomics(text: string): string {
  try {
    return decFromString(text).toString()
  } catch (err) {
    if (err instanceof DecimalError) throw conversionError(err.message)
    throw err
  }
}

/** Coins re-sorted and without zeros (upstream sdk.NewCoins). */
function newCoins(
  list: readonly Proto<'sdk.base.v1beta1.Coin'>[],
): ProtoInit<'sdk.base.v1beta1.Coin'>[] {
  return coinsToProto(normalizeCoins(coinsFromProto(list)))
}

/** Upstream ConvertToLegacyTallyResult: the counts must be integers. */
export function tallyToLegacy(
  t: Proto<'sdk.gov.v1.TallyResult'> | null,
): ProtoInit<'sdk.gov.v1beta1.TallyResult'> {
  const count = (text: string, name: string) => {
    if (!/^-?\d+$/.test(text)) {
      throw conversionError(`unable to convert ${name} tally string (${text}) to int`)
    }
    return BigInt(text).toString()
  }
  const tally = t ?? { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' }
  return {
    yes: count(tally.yes_count, 'yes'),
    abstain: count(tally.abstain_count, 'abstain'),
    no: count(tally.no_count, 'no'),
    no_with_veto: count(tally.no_with_veto_count, 'no with veto'),
  }
}

/**
 * Upstream ConvertToLegacyProposal: a v1 proposal with exactly one message. A MsgExecLegacyContent
 * gives its content; any other message is shown as the content itself (upstream's stop-gap for old
 * clients). Zero or several messages cannot be shown: ErrInvalidType (code 29).
 */
export function proposalToLegacy(
  registry: ProtoRegistry,
  p: Proto<'sdk.gov.v1.Proposal'>,
): ProtoInit<'sdk.gov.v1beta1.Proposal'> {
  const finalTally = tallyToLegacy(p.final_tally_result)
  const { messages } = p
  if (messages.length !== 1) {
    throw ErrInvalidType.wrap(
      "can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one",
    )
  }
  let content = messages[0]!
  if (content.type_url === legacyTypeUrls(registry).execLegacyContent) {
    content = legacyContentOf(registry, unpackExecLegacyContent(registry, content))
  }
  const time = (ts: Proto<'google.protobuf.Timestamp'> | null) => ts ?? { ...GO_ZERO_TIMESTAMP }
  return {
    proposal_id: int64Of(p.id).toString(),
    content,
    status: p.status,
    final_tally_result: finalTally,
    submit_time: time(p.submit_time),
    deposit_end_time: time(p.deposit_end_time),
    total_deposit: newCoins(p.total_deposit),
    voting_start_time: time(p.voting_start_time),
    voting_end_time: time(p.voting_end_time),
  }
}

/** Upstream ConvertToLegacyVote: only the weighted options, weights as LegacyDec. */
export function voteToLegacy(v: Proto<'sdk.gov.v1.Vote'>): ProtoInit<'sdk.gov.v1beta1.Vote'> {
  return {
    proposal_id: int64Of(v.proposal_id).toString(),
    voter: v.voter,
    options: v.options.map((o) => ({ option: o.option, weight: decToAtomics(o.weight) })),
  }
}

/** Upstream ConvertToLegacyDeposit. */
export function depositToLegacy(
  d: Proto<'sdk.gov.v1.Deposit'>,
): ProtoInit<'sdk.gov.v1beta1.Deposit'> {
  return {
    proposal_id: int64Of(d.proposal_id).toString(),
    depositor: d.depositor,
    amount: newCoins(d.amount),
  }
}

/** A LegacyDec held as bytes (TallyParams): the text of its scaled integer. */
function decBytes(text: string): Uint8Array {
  return utf8(decToAtomics(text))
}

/**
 * The v1beta1 Params answer from the v1 one: the requested group converted, the other two at their
 * zero values (gogoproto non-nullable fields are always encoded); none requested is an error.
 */
export function paramsToLegacy(
  v1: GovParamsAnswer,
  paramsType: string,
): ProtoInit<'sdk.gov.v1beta1.QueryParamsResponse'> {
  const { voting_params: voting, deposit_params: deposit, tally_params: tally } = v1
  if (!voting && !deposit && !tally) {
    throw new StatusError(GrpcCode.InvalidArgument, `${paramsType} is not a valid parameter type`)
  }
  return {
    voting_params: { voting_period: voting?.voting_period ?? {} },
    deposit_params: {
      min_deposit: deposit ? newCoins(deposit.min_deposit) : [],
      max_deposit_period: deposit?.max_deposit_period ?? {},
    },
    tally_params: tally
      ? {
          quorum: decBytes(tally.quorum),
          threshold: decBytes(tally.threshold),
          veto_threshold: decBytes(tally.veto_threshold),
        }
      : { quorum: utf8('0'), threshold: utf8('0'), veto_threshold: utf8('0') },
  }
}
