import type { AminoMsg } from '@cosmjs/amino'
import { type AminoConverters, AminoTypes, createDefaultAminoConverters } from '@cosmjs/stargate'
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import {
  MsgCancelProposal,
  MsgDeposit,
  MsgSubmitProposal,
  MsgVote,
} from 'cosmjs-types/cosmos/gov/v1/tx'
import { MsgCancelUpgrade, MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx'
import type { Plan } from 'cosmjs-types/cosmos/upgrade/v1beta1/upgrade'
import type { Any } from 'cosmjs-types/google/protobuf/any'

/**
 * The amino converters an app hands to cosmjs for the messages cosmjs has none for — gov v1
 * (cosmjs 0.39 converts gov v1beta1 only) and x/upgrade — written, as an app writes them, from
 * upstream's amino rules (an empty field is left out unless the proto says `dont_omitempty`), with
 * upstream's amino names. `createTestAminoTypes` adds them to cosmjs's defaults.
 */

/** The generated types of the messages these converters nest in a proposal, by type URL. */
const NESTED = {
  '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': MsgSoftwareUpgrade,
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade': MsgCancelUpgrade,
  '/cosmos.gov.v1.MsgCancelProposal': MsgCancelProposal,
} as const

type NestedUrl = keyof typeof NESTED

const GO_ZERO_TIME = '0001-01-01T00:00:00Z'
const GO_ZERO_SECONDS = -62_135_596_800n

/** `{amount, denom}` coins as amino writes them. */
const coinsToAmino = (coins: readonly Coin[]) =>
  coins.map((c) => ({ amount: c.amount, denom: c.denom }))

/** Only the entries whose value is not empty (amino's omitempty). */
function omitEmpty(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(o).filter(
      ([, v]) =>
        v !== undefined && v !== '' && v !== false && v !== 0 && !(Array.isArray(v) && !v.length),
    ),
  )
}

function planToAmino(plan: Plan) {
  const seconds = plan.time?.seconds ?? 0n
  if (seconds !== GO_ZERO_SECONDS) throw new Error('only the Go zero time is a valid plan time')
  return omitEmpty({
    height: plan.height === 0n ? undefined : plan.height.toString(),
    info: plan.info,
    name: plan.name,
    time: GO_ZERO_TIME,
  })
}

function planFromAmino(plan: { height?: string; info?: string; name?: string }): Plan {
  return {
    name: plan.name ?? '',
    time: { seconds: GO_ZERO_SECONDS, nanos: 0 },
    height: BigInt(plan.height ?? '0'),
    info: plan.info ?? '',
  }
}

/** gov v1 and upgrade converters; `types` gives the AminoTypes that converts nested messages. */
export function createGovV1UpgradeAminoConverters(types: () => AminoTypes): AminoConverters {
  const nestedToAmino = (any: Any) => {
    const t = NESTED[any.typeUrl as NestedUrl]
    if (!t) throw new Error(`no generated type for ${any.typeUrl}`)
    return types().toAmino({ typeUrl: any.typeUrl, value: t.decode(any.value) })
  }
  const nestedFromAmino = (msg: AminoMsg): Any => {
    const { typeUrl, value } = types().fromAmino(msg)
    const t = NESTED[typeUrl as NestedUrl]
    if (!t) throw new Error(`no generated type for ${typeUrl}`)
    return { typeUrl, value: t.encode(value as never).finish() }
  }
  return {
    '/cosmos.gov.v1.MsgSubmitProposal': {
      aminoType: 'cosmos-sdk/v1/MsgSubmitProposal',
      toAmino: (m: MsgSubmitProposal) => ({
        ...omitEmpty({
          expedited: m.expedited,
          messages: m.messages.map(nestedToAmino),
          metadata: m.metadata,
          proposer: m.proposer,
          summary: m.summary,
          title: m.title,
        }),
        initial_deposit: coinsToAmino(m.initialDeposit),
      }),
      fromAmino: (a: Record<string, unknown>): MsgSubmitProposal =>
        MsgSubmitProposal.fromPartial({
          messages: ((a.messages ?? []) as AminoMsg[]).map(nestedFromAmino),
          initialDeposit: (a.initial_deposit ?? []) as Coin[],
          proposer: (a.proposer ?? '') as string,
          metadata: (a.metadata ?? '') as string,
          title: (a.title ?? '') as string,
          summary: (a.summary ?? '') as string,
          expedited: a.expedited === true,
        }),
    },
    '/cosmos.gov.v1.MsgVote': {
      aminoType: 'cosmos-sdk/v1/MsgVote',
      toAmino: (m: MsgVote) => ({
        ...omitEmpty({ metadata: m.metadata, option: m.option, voter: m.voter }),
        proposal_id: m.proposalId.toString(),
      }),
      fromAmino: (a: Record<string, unknown>): MsgVote =>
        MsgVote.fromPartial({
          proposalId: BigInt(a.proposal_id as string),
          voter: (a.voter ?? '') as string,
          option: (a.option ?? 0) as number,
          metadata: (a.metadata ?? '') as string,
        }),
    },
    '/cosmos.gov.v1.MsgDeposit': {
      aminoType: 'cosmos-sdk/v1/MsgDeposit',
      toAmino: (m: MsgDeposit) => ({
        // dont_omitempty without legacy_coins: an empty amount is null
        amount: m.amount.length ? coinsToAmino(m.amount) : null,
        ...omitEmpty({ depositor: m.depositor }),
        proposal_id: m.proposalId.toString(),
      }),
      fromAmino: (a: Record<string, unknown>): MsgDeposit =>
        MsgDeposit.fromPartial({
          proposalId: BigInt(a.proposal_id as string),
          depositor: (a.depositor ?? '') as string,
          amount: (a.amount ?? []) as Coin[],
        }),
    },
    '/cosmos.gov.v1.MsgCancelProposal': {
      // no amino name upstream: the type is the proto name
      aminoType: '/cosmos.gov.v1.MsgCancelProposal',
      toAmino: (m: MsgCancelProposal) =>
        omitEmpty({
          proposal_id: m.proposalId === 0n ? undefined : m.proposalId.toString(),
          proposer: m.proposer,
        }),
      fromAmino: (a: Record<string, unknown>): MsgCancelProposal =>
        MsgCancelProposal.fromPartial({
          proposalId: BigInt((a.proposal_id ?? '0') as string),
          proposer: (a.proposer ?? '') as string,
        }),
    },
    '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': {
      aminoType: 'cosmos-sdk/MsgSoftwareUpgrade',
      toAmino: (m: MsgSoftwareUpgrade) => ({
        ...omitEmpty({ authority: m.authority }),
        plan: planToAmino(m.plan),
      }),
      fromAmino: (a: { authority?: string; plan: Parameters<typeof planFromAmino>[0] }) =>
        MsgSoftwareUpgrade.fromPartial({
          authority: a.authority ?? '',
          plan: planFromAmino(a.plan),
        }),
    },
    '/cosmos.upgrade.v1beta1.MsgCancelUpgrade': {
      aminoType: 'cosmos-sdk/MsgCancelUpgrade',
      toAmino: (m: MsgCancelUpgrade) => omitEmpty({ authority: m.authority }),
      fromAmino: (a: { authority?: string }) =>
        MsgCancelUpgrade.fromPartial({ authority: a.authority ?? '' }),
    },
  }
}

/** cosmjs's default amino converters plus the gov v1 and upgrade ones. */
export function createTestAminoTypes(): AminoTypes {
  const types: AminoTypes = new AminoTypes({
    ...createDefaultAminoConverters(),
    ...createGovV1UpgradeAminoConverters(() => types),
  })
  return types
}
