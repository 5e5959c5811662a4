import { expect } from 'vitest'
import {
  account,
  type GovChain,
  genesisState,
  type govChainPerTest,
  registry,
  valoper,
} from '../../../test/helpers/gov-chain.js'
import { decFromString, decToAtomics } from '../../codec/dec.js'
import type { ProtoMessage } from '../../codec/proto.js'
import { abciError } from '../../tx/errors.js'
import { msgFailure } from '../../tx/run-msgs.js'

/**
 * Shared by the staking message tests: the staking messages on the real v1 app (in-process chain, blocks at chosen times): validator 9
 * holds 10 stake (power 10) self-delegated; Alice has 100 stake. Codes, texts and events as upstream.
 */
export const ALICE = account(1)
export const V9 = valoper(9)
export const M = 1_000_000n
export const UNBONDING_S = 1_814_400n
export const MSG = '/sdk.staking.v1beta1'

export async function start(
  chains: ReturnType<typeof govChainPerTest>,
  staking: Record<string, unknown> = {},
) {
  const g = genesisState({
    balances: { [ALICE]: 100n * M, [account(9)]: 1n, [account(20)]: 50n * M },
    validators: [{ op: 9, tokens: 10n * M, delegations: { 9: 10n * M } }],
  })
  const s = g.staking as { params: Record<string, unknown> }
  s.params = { ...s.params, ...staking }
  return chains.create(g)
}

export const coin = (amount: bigint) => ({ denom: 'stake', amount: amount.toString() })

export async function run(c: GovChain, type: string, value: ProtoMessage) {
  const { results, endEvents } = await c.block([{ typeUrl: `${MSG}.${type}`, value }])
  return { r: results[0]!, endEvents }
}

/** The tx result of a refused message: `codespace/code: log`, as the tx path wraps it. */
export async function refusal(c: GovChain, type: string, value: ProtoMessage): Promise<string> {
  let err: unknown
  try {
    const { r } = await run(c, type, value)
    expect(r.ok).toBe(false)
    err = r.error
  } catch (thrown) {
    // A plain error (upstream fmt.Errorf, code 1): the harness lets it through.
    err = thrown
  }
  // As the tx path reports it (a recovered panic is not a message failure).
  const a = abciError(msgFailure(err, 0))
  return `${a.codespace}/${a.code}: ${a.log}`
}

export async function validator(c: GovChain, op: string) {
  const r = await c.query('sdk.staking.v1beta1.Query/Validator', { validator_addr: op })
  return r.validator as Record<string, unknown>
}

export async function pool(c: GovChain) {
  return (await c.query('sdk.staking.v1beta1.Query/Pool')).pool
}

/** Decimal text as a LegacyDec's protobuf wire text (the integer scaled by 10^18). */
export function atoms(text: string): string {
  return decToAtomics(decFromString(text))
}

export function createMsg(op: number, amount: bigint, over: Record<string, unknown> = {}) {
  return {
    description: { moniker: `new${op}` },
    commission: { rate: atoms('0.1'), max_rate: atoms('0.2'), max_change_rate: atoms('0.01') },
    min_self_delegation: '1',
    validator_address: valoper(op),
    pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', { key: new Uint8Array(32).fill(op) }),
    value: coin(amount),
    ...over,
  }
}
