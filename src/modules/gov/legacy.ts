import { routedMsg, routedQuery } from '../../app/handlers.js'
import type {
  ModuleConfigurator,
  MsgHandler,
  QueryHandler,
  RoutedMsgHandler,
  RoutedQueryHandler,
} from '../../app/types.js'
import { utf8 } from '../../codec/bytes.js'
import { coinsFromProto, coinsToProto, normalizeCoins } from '../../codec/coins.js'
import { DecimalError, decFromString } from '../../codec/dec.js'
import { GO_ZERO_TIMESTAMP } from '../../codec/json-well-known.js'
import type {
  AnyMessage,
  MsgTypeUrl,
  ProtoMessage,
  ProtoRegistry,
  QueryMethod,
} from '../../codec/proto.js'
import { ErrInvalidType, ErrLogic, ErrTxDecode, GrpcCode, StatusError } from '../../errors.js'
import {
  ErrInvalidProposalContent,
  ErrInvalidSigner,
  ErrNoProposalHandlerExists,
} from './errors.js'

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
 * The v1 services' handlers, captured while they register, so the v1beta1 wrappers can call them
 * (upstream's legacy servers call the v1 servers).
 */
export interface V1Handlers {
  /** Registers on `cfg` and remembers what was registered. */
  readonly cfg: ModuleConfigurator
  msg<U extends MsgTypeUrl>(typeUrl: U): MsgHandler<U>
  query<M extends QueryMethod>(method: M): QueryHandler<M>
}

/** A configurator that forwards to `cfg` and keeps the handlers registered through it. */
export function captureHandlers(cfg: ModuleConfigurator): V1Handlers {
  const msgs = new Map<string, RoutedMsgHandler>()
  const queries = new Map<string, RoutedQueryHandler>()
  const get = <T>(map: Map<string, T>, key: string): T => {
    const h = map.get(key)
    if (!h) throw ErrLogic.wrap(`gov v1 handler ${key} is not registered`)
    return h
  }
  return {
    cfg: {
      registerMsg(typeUrl, handler) {
        msgs.set(typeUrl, routedMsg(handler))
        cfg.registerMsg(typeUrl, handler)
      },
      registerQuery(method, handler) {
        queries.set(method, routedQuery(handler))
        cfg.registerQuery(method, handler)
      },
      registerMigration: (module, from, migration) =>
        cfg.registerMigration(module, from, migration),
    },
    // Registered under this name, so of this name's types.
    msg: <U extends MsgTypeUrl>(typeUrl: U) => get(msgs, typeUrl) as unknown as MsgHandler<U>,
    query: <M extends QueryMethod>(method: M) =>
      get(queries, method) as unknown as QueryHandler<M>,
  }
}

/**
 * The legacy Content types (upstream's implementations of v1beta1 Content) and the route each goes
 * to. The legacy router serves only `gov` (TextProposal, which changes nothing), as upstream's
 * simapp: x/upgrade's deprecated contents are known but have no handler.
 */
const LEGACY_CONTENTS: Readonly<Record<string, string>> = {
  'sdk.gov.v1beta1.TextProposal': 'gov',
  'sdk.upgrade.v1beta1.SoftwareUpgradeProposal': 'upgrade',
  'sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal': 'upgrade',
}

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
export function unpackContent(registry: ProtoRegistry, any: AnyMessage): ProtoMessage {
  if (contentRoute(registry, any.type_url) === undefined) {
    if (!registry.typeOfUrl(any.type_url)) {
      throw ErrTxDecode.wrap(`unable to resolve type URL ${any.type_url}`)
    }
    throw ErrTxDecode.wrap(
      `no concrete type registered for type URL ${any.type_url} against interface *v1beta1.Content`,
    )
  }
  return registry.unpackAny(any).value
}

/** An Any field of a decoded message, or undefined when unset. */
export function anyField(v: unknown): AnyMessage | undefined {
  if (v === null || v === undefined) return undefined
  const m = v as ProtoMessage
  return { type_url: String(m.type_url ?? ''), value: m.value ?? new Uint8Array() }
}

/** Upstream LegacyContentFromMessage: the content of a MsgExecLegacyContent, or ErrInvalidType. */
export function legacyContentOf(registry: ProtoRegistry, msg: ProtoMessage): AnyMessage {
  const content = anyField(msg.content)
  if (!content || contentRoute(registry, content.type_url) === undefined) {
    throw ErrInvalidType.wrap('expected *v1beta1.Content, got <nil>')
  }
  return content
}

/**
 * Upstream ExecLegacyContent: the gov account runs a legacy content through the legacy router. Only
 * `gov` is routed, and a TextProposal does nothing, so this only checks.
 */
export function execLegacyContent(registry: ProtoRegistry, govAccount: string, msg: ProtoMessage) {
  const authority = String(msg.authority ?? '')
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
    execLegacyContent(registry, govAccount, registry.unpackAny(any).value)
  } catch (err) {
    if (ErrNoProposalHandlerExists.is(err)) throw err
    throw ErrInvalidProposalContent.wrap((err as Error).message, { cause: err })
  }
}

/**
 * Upstream v1beta1 ValidateAbstract (the ValidateBasic every legacy content runs; a
 * SoftwareUpgradeProposal's plan is not checked here); lengths are Go's `len` (bytes).
 */
export function validateContent(content: ProtoMessage): void {
  const title = String(content.title ?? '')
  const description = String(content.description ?? '')
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
function newCoins(list: unknown): ProtoMessage[] {
  return coinsToProto(normalizeCoins(coinsFromProto(list as ProtoMessage[])))
}

/** Upstream ConvertToLegacyTallyResult: the counts must be integers. */
export function tallyToLegacy(t: ProtoMessage | null | undefined): ProtoMessage {
  const count = (v: unknown, name: string) => {
    const text = String(v ?? '')
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
export function proposalToLegacy(registry: ProtoRegistry, p: ProtoMessage): ProtoMessage {
  const finalTally = tallyToLegacy(p.final_tally_result)
  const messages = (p.messages ?? []) as ProtoMessage[]
  if (messages.length !== 1) {
    throw ErrInvalidType.wrap(
      "can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one",
    )
  }
  let content = anyField(messages[0])!
  if (content.type_url === legacyTypeUrls(registry).execLegacyContent) {
    content = legacyContentOf(registry, registry.unpackAny(content).value)
  }
  const time = (ts: unknown) => (ts ?? { ...GO_ZERO_TIMESTAMP }) as ProtoMessage
  return {
    proposal_id: String(p.id ?? '0'),
    content,
    status: Number(p.status ?? 0),
    final_tally_result: finalTally,
    submit_time: time(p.submit_time),
    deposit_end_time: time(p.deposit_end_time),
    total_deposit: newCoins(p.total_deposit),
    voting_start_time: time(p.voting_start_time),
    voting_end_time: time(p.voting_end_time),
  }
}

/** Upstream ConvertToLegacyVote: only the weighted options, weights as LegacyDec. */
export function voteToLegacy(v: ProtoMessage): ProtoMessage {
  return {
    proposal_id: String(v.proposal_id ?? '0'),
    voter: String(v.voter ?? ''),
    options: ((v.options ?? []) as ProtoMessage[]).map((o) => ({
      option: Number(o.option ?? 0),
      weight: decToAtomics(String(o.weight ?? '')),
    })),
  }
}

/** Upstream ConvertToLegacyDeposit. */
export function depositToLegacy(d: ProtoMessage): ProtoMessage {
  return {
    proposal_id: String(d.proposal_id ?? '0'),
    depositor: String(d.depositor ?? ''),
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
export function paramsToLegacy(v1: ProtoMessage, paramsType: string): ProtoMessage {
  const voting = v1.voting_params as ProtoMessage | null | undefined
  const deposit = v1.deposit_params as ProtoMessage | null | undefined
  const tally = v1.tally_params as ProtoMessage | null | undefined
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
          quorum: decBytes(String(tally.quorum ?? '')),
          threshold: decBytes(String(tally.threshold ?? '')),
          veto_threshold: decBytes(String(tally.veto_threshold ?? '')),
        }
      : { quorum: utf8('0'), threshold: utf8('0'), veto_threshold: utf8('0') },
  }
}
