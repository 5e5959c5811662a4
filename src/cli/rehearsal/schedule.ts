import type { KeyRecord } from '../../client/keyring.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'
import { toHex } from '../../codec/bytes.js'
import type { ProtoInit } from '../../codec/proto.js'
import { parseRfc3339 } from '../../codec/time.js'
import { valoperPrefix } from '../../modules/staking/keys.js'
import { CliError } from '../errors.js'
import { deliverTx, mine, type RunningBinary, rest } from './chain.js'

/**
 * Scheduling the plan: through governance, with real signed txs of the devnet `validator` key (the
 * proposal; every bonded validator whose operator key the home's keyring holds votes yes) and a time
 * jump to the end of the voting period, or — skipping governance — by running the
 * MsgSoftwareUpgrade handler as the gov authority inside one mined block (a dev edit).
 */

const SOFTWARE_UPGRADE = '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade'
/** VOTE_OPTION_YES. */
const YES = 1

/** The plan to schedule. */
export interface PlanToSchedule {
  name: string
  height: number
  info: string
}

/** The gov module account: the authority of x/upgrade. */
export function govAuthority(): string {
  return addressToBech32(moduleAddress('gov'))
}

function softwareUpgradeMsg(
  plan: PlanToSchedule,
): ProtoInit<'sdk.upgrade.v1beta1.MsgSoftwareUpgrade'> {
  return {
    authority: govAuthority(),
    plan: { name: plan.name, height: String(plan.height), info: plan.info },
  }
}

/** Submits the upgrade proposal with the gov min_deposit (so voting starts); returns its id. */
export async function submitProposal(
  r: RunningBinary,
  key: KeyRecord,
  plan: PlanToSchedule,
  summary: string,
): Promise<{ id: string; deposit: string; height: number }> {
  const params = await rest(r, '/sdk/gov/v1/params/deposit')
  const minDeposit = (params.body?.params?.min_deposit ?? []) as { denom: string; amount: string }[]
  const { registry } = r.node
  const submit = registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
    messages: [registry.packAny(SOFTWARE_UPGRADE, softwareUpgradeMsg(plan))],
    initial_deposit: minDeposit,
    proposer: key.address,
    metadata: '',
    title: `Upgrade to ${plan.name}`,
    summary,
    expedited: false,
  })
  const { result, height } = await deliverTx(r, key, [submit])
  const id = result.events
    .find((e) => e.type === 'submit_proposal' && e.attributes.some((a) => a.key === 'proposal_id'))
    ?.attributes.find((a) => a.key === 'proposal_id')?.value
  if (id === undefined) throw new CliError('the proposal tx reported no proposal_id')
  return { id, deposit: minDeposit.map((c) => `${c.amount}${c.denom}`).join(','), height }
}

/**
 * The keys of `keys` that operate a bonded validator (an operator's account has its validator's
 * address bytes), in the order of `keys`, with the tokens of their validators and of all bonded ones.
 */
export async function bondedOperators(
  r: RunningBinary,
  keys: readonly KeyRecord[],
): Promise<{ voters: KeyRecord[]; votingTokens: bigint; bondedTokens: bigint }> {
  const answer = await rest(r, '/sdk/staking/v1beta1/validators?status=BOND_STATUS_BONDED')
  const validators = (answer.body?.validators ?? []) as {
    operator_address: string
    tokens: string
  }[]
  const byAddress = new Map(
    validators.map((v) => [toHex(bech32ToAddress(v.operator_address, valoperPrefix())), v]),
  )
  let votingTokens = 0n
  const voters: KeyRecord[] = []
  for (const key of keys) {
    const v = byAddress.get(toHex(bech32ToAddress(key.address)))
    if (!v) continue
    voters.push(key)
    votingTokens += BigInt(v.tokens)
  }
  const bondedTokens = validators.reduce((sum, v) => sum + BigInt(v.tokens), 0n)
  return { voters, votingTokens, bondedTokens }
}

/** A validator's operator votes yes. */
export async function voteYes(r: RunningBinary, key: KeyRecord, id: string): Promise<number> {
  const vote = r.node.registry.packAny('/sdk.gov.v1.MsgVote', {
    proposal_id: id,
    voter: key.address,
    option: YES,
    metadata: '',
  })
  return (await deliverTx(r, key, [vote])).height
}

/** The proposal as REST shows it. */
async function proposal(r: RunningBinary, id: string): Promise<Record<string, unknown>> {
  const answer = await rest(r, `/sdk/gov/v1/proposals/${id}`)
  if (answer.status !== 200) throw new CliError(`proposal ${id}: ${JSON.stringify(answer.body)}`)
  return answer.body.proposal
}

/**
 * Time travel: the next block takes the proposal's voting_end_time (the tally runs at the first
 * block at or after it), one block is mined; returns the proposal's status then.
 */
export async function endVotingPeriod(
  r: RunningBinary,
  id: string,
): Promise<{ status: string; failedReason: string; votingEndTime: string }> {
  const before = await proposal(r, id)
  const votingEndTime = String(before.voting_end_time)
  const end = parseRfc3339(votingEndTime)
  if (end > r.node.producer.lastBlockTime) r.node.producer.setNextBlockTime(end)
  const mined = await mine(r, 1)
  if (mined.halt) throw new CliError(`the tally block halted the chain: ${mined.halt.message}`)
  const after = await proposal(r, id)
  return {
    status: String(after.status),
    failedReason: String(after.failed_reason ?? ''),
    votingEndTime,
  }
}

/**
 * Schedules the plan without governance: the upgrade module's MsgSoftwareUpgrade handler runs with
 * the gov authority inside one mined block (an out-of-band dev edit that commits with that block).
 */
export async function scheduleAsAuthority(r: RunningBinary, plan: PlanToSchedule): Promise<number> {
  const handler = r.node.app.msgHandlers.get(r.node.registry.typeUrl(SOFTWARE_UPGRADE))
  if (!handler)
    throw new CliError(`app version ${r.node.app.name} has no ${SOFTWARE_UPGRADE} handler`)
  const mined = await mine(r, 1, {
    edit: async (ctx) => {
      const msg = r.node.registry.type('sdk.upgrade.v1beta1.MsgSoftwareUpgrade')
      await handler(msg.fromObject(softwareUpgradeMsg(plan)), ctx)
    },
  })
  if (mined.halt) throw new CliError(`scheduling the plan failed: ${mined.halt.message}`)
  return mined.block!.block.header.height
}
