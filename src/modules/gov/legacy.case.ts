import { expect } from 'vitest'
import {
  account,
  GovChain,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'
import type { ChainError } from '../../errors.js'

/** What the gov v1beta1 tests share (upstream v0.50's legacy wrappers over the one v1 store). */

export const ALICE = account(1)
export const BOB = account(2)
export const VAL = account(9)
export const SUBMIT = '/sdk.gov.v1beta1.MsgSubmitProposal'
export const SUBMIT_V1 = '/sdk.gov.v1.MsgSubmitProposal'
export const TEXT = '/sdk.gov.v1beta1.TextProposal'
export const EXEC = '/sdk.gov.v1.MsgExecLegacyContent'
export const UPGRADE = '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade'
export const Q = 'sdk.gov.v1beta1.Query'
/** Go's zero time, which v1beta1 shows for times a proposal has not reached. */
export const ZERO_TIME = '0001-01-01T00:00:00Z'

/**
 * A starter of chains whose blocks are 1 s apart from 2026-01-01T00:00:00Z, VAL holding all the
 * voting power: call it at a test file's top level (it registers that file's per-test cleanup).
 */
export function legacyChains(): () => Promise<GovChain> {
  const chains = govChainPerTest()
  return () =>
    chains.create(
      genesisState({
        balances: { [ALICE]: 100_000_000n, [BOB]: 1_000_000n, [VAL]: 1n },
        validators: ONE_VALIDATOR,
        gov: SHORT_PERIODS,
      }),
    )
}

export const text = (title = 'Fund the docs', description = 'Signal only') => ({
  type_url: TEXT,
  value: GovChain.encode(TEXT, { title, description }),
})

export const submitText = (c: GovChain, deposit = '10000000', content = text()) =>
  c.tx(SUBMIT, {
    content,
    initial_deposit: [{ denom: 'stake', amount: deposit }],
    proposer: ALICE,
  })

/** `codespace/code: message` of a message's failure. */
export async function msgError(c: GovChain, typeUrl: string, value: Record<string, unknown>) {
  const { results } = await c.block([{ typeUrl, value }])
  expect(results[0]!.ok).toBe(false)
  const e = results[0]!.error!
  return `${e.abci().codespace}/${e.abci().code}: ${e.message}`
}

/** The gRPC code, the status message and the ABCI code of a query's failure. */
export async function queryError(c: GovChain, method: string, req: Record<string, unknown>) {
  try {
    await c.query(method, req)
  } catch (err) {
    const e = err as ChainError
    return { code: e.grpcCode, message: e.statusMessage(), abci: e.abci().code }
  }
  throw new Error('query succeeded')
}
