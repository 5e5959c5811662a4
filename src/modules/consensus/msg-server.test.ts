import { describe, expect, test } from 'vitest'
import { docText } from '../../../test/helpers/docs.js'
import {
  account,
  eventOf,
  GOV,
  GovChain,
  genesisState,
  govChainPerTest,
  ONE_VALIDATOR,
  registry,
  S,
  SHORT_PERIODS,
} from '../../../test/helpers/gov-chain.js'
import { parseProposalFile } from '../../cli/tx-gov.js'
import { moduleAddress } from '../../codec/address.js'
import { aminoJsonOfAny } from '../../codec/amino-json.js'
import { type AnyMessage, ProtoRegistry } from '../../codec/proto.js'
import { PROTO_DIR } from '../../codec/proto-sources.js'
import { msgSigners } from '../../codec/signers.js'
import { defaultConsensusParams } from '../../config/genesis.js'
import { createV2 } from '../../versions/v2.js'
import { type CometParams, validateCometUpdate } from './comet-params.js'
import { ConsensusKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import type { ConsensusParamsJson } from './params.js'
import { consensusParamsText } from './params-text.js'

// x/consensus MsgUpdateParams as upstream v0.50's msg server, on the real v2 app over the in-memory
// store (GovChain): the gov authority, ToProtoConsensusParams, CometBFT v0.38's Update,
// ValidateBasic and ValidateUpdate (plain errors: `undefined/1`), the stored params and the event.

const UPDATE = '/sdk.consensus.v1.MsgUpdateParams'
const VAL = account(9)
const ALICE = account(1)

const chains = govChainPerTest()

/** A v2 chain (the version with x/consensus) whose genesis consensus params are `cp`'s over the defaults. */
async function start(cp: Partial<ConsensusParamsJson> = {}): Promise<GovChain> {
  const consensusParams = { ...defaultConsensusParams(), ...cp }
  return chains.create(
    genesisState({
      balances: { [ALICE]: 100_000_000n, [VAL]: 1n },
      validators: ONE_VALIDATOR,
      gov: SHORT_PERIODS,
    }),
    { version: (deps) => createV2({ ...deps, consensusParams }) },
  )
}

/** The msg fields of the CometBFT default params, as a client sends them. */
function defaults() {
  return {
    authority: GOV,
    block: { max_bytes: '22020096', max_gas: '-1' },
    evidence: {
      max_age_num_blocks: '100000',
      max_age_duration: { seconds: '172800', nanos: 0 },
      max_bytes: '1048576',
    },
    validator: { pub_key_types: ['ed25519'] },
  }
}
type Msg = ReturnType<typeof defaults> & { abci?: { vote_extensions_enable_height: string } }

/** `codespace/code: message` of one MsgUpdateParams in the next block, or `ok`. */
async function run(c: GovChain, msg: Record<string, unknown>): Promise<string> {
  const r = (await c.block([{ typeUrl: UPDATE, value: msg }])).results[0]!
  if (r.ok) return 'ok'
  const { codespace, code } = r.error!.abci()
  return `${codespace}/${code}: ${r.error!.message}`
}

/** The stored params, as `GET /sdk/consensus/v1/params` shows them. */
async function stored(c: GovChain) {
  return (await c.query('sdk.consensus.v1.Query/Params')).params as Record<string, unknown>
}

const GENESIS_PARAMS = {
  block: { max_bytes: '22020096', max_gas: '-1' },
  evidence: { max_age_num_blocks: '100000', max_age_duration: '172800s', max_bytes: '1048576' },
  validator: { pub_key_types: ['ed25519'] },
  version: { app: '0' },
  abci: { vote_extensions_enable_height: '0' },
}

describe('MsgUpdateParams refusals', () => {
  test('error: another authority is gov 13; nothing is written', async () => {
    const c = await start()
    expect(await run(c, { ...defaults(), authority: ALICE })).toBe(
      `gov/13: invalid authority; expected ${GOV}, got ${ALICE}: expected gov account as only signer for proposal message`,
    )
    expect(await stored(c)).toEqual(GENESIS_PARAMS)
  })

  test('error: block, evidence or validator absent is `all parameters must be present` (code 1)', async () => {
    const c = await start()
    for (const field of ['block', 'evidence', 'validator'] as const) {
      const { [field]: _, ...msg } = defaults()
      expect(await run(c, msg), field).toBe('undefined/1: all parameters must be present')
    }
    // The authority is checked first.
    expect(await run(c, { authority: ALICE })).toMatch(/^gov\/13: /)
  })

  test('error: ValidateBasic of the next params, CometBFT’s texts in its order (code 1)', async () => {
    const c = await start()
    const d = defaults()
    const cases: [Msg, string][] = [
      [{ ...d, block: { max_bytes: '0', max_gas: '-5' } }, 'block.MaxBytes cannot be 0'],
      [
        { ...d, block: { max_bytes: '-2', max_gas: '-5' } },
        'block.MaxBytes must be -1 or greater than 0. Got -2',
      ],
      [
        { ...d, block: { max_bytes: '104857601', max_gas: '-1' } },
        'block.MaxBytes is too big. 104857601 > 104857600',
      ],
      [
        { ...d, block: { max_bytes: '-1', max_gas: '-2' } },
        'block.MaxGas must be greater or equal to -1. Got -2',
      ],
      [
        { ...d, evidence: { ...d.evidence, max_age_num_blocks: '0', max_bytes: '-1' } },
        'evidence.MaxAgeNumBlocks must be greater than 0. Got 0',
      ],
      [
        { ...d, evidence: { ...d.evidence, max_age_duration: { seconds: '0', nanos: 0 } } },
        'evidence.MaxAgeDuration must be grater than 0 if provided, Got 0s',
      ],
      [
        { ...d, evidence: { ...d.evidence, max_age_duration: { seconds: '-1', nanos: 0 } } },
        'evidence.MaxAgeDuration must be grater than 0 if provided, Got -1s',
      ],
      [
        { ...d, evidence: { ...d.evidence, max_bytes: '22020097' } },
        'evidence.MaxBytesEvidence is greater than upper bound, 22020097 > 22020096',
      ],
      [
        {
          ...d,
          block: { max_bytes: '-1', max_gas: '-1' },
          evidence: { ...d.evidence, max_bytes: '104857601' },
        },
        'evidence.MaxBytesEvidence is greater than upper bound, 104857601 > -1',
      ],
      [
        { ...d, evidence: { ...d.evidence, max_bytes: '-1' }, validator: { pub_key_types: [] } },
        'evidence.MaxBytes must be non negative. Got: -1',
      ],
      [
        { ...d, abci: { vote_extensions_enable_height: '-1' }, validator: { pub_key_types: [] } },
        'ABCI.VoteExtensionsEnableHeight cannot be negative. Got: -1',
      ],
      [
        { ...d, validator: { pub_key_types: [] } },
        'len(Validator.PubKeyTypes) must be greater than 0',
      ],
      [
        { ...d, validator: { pub_key_types: ['ed25519', 'sr25519', 'rsa'] } },
        'params.Validator.PubKeyTypes[1], sr25519, is an unknown pubkey type',
      ],
    ]
    for (const [msg, text] of cases) expect(await run(c, msg), text).toBe(`undefined/1: ${text}`)
    expect(await stored(c)).toEqual(GENESIS_PARAMS)
    // Each known key type passes; -1 max bytes allows evidence up to 100 MiB.
    expect(
      await run(c, {
        ...d,
        block: { max_bytes: '-1', max_gas: '0' },
        evidence: { ...d.evidence, max_bytes: '104857600' },
        validator: { pub_key_types: ['secp256k1', 'ml_dsa_65', 'ed25519'] },
      }),
    ).toBe('ok')
  })

  test('error: ValidateUpdate: vote extensions enabled at a height reached cannot be disabled or moved (code 1)', async () => {
    const c = await start()
    const d = defaults()
    const enable = (h: number) => run(c, { ...d, abci: { vote_extensions_enable_height: `${h}` } })
    const next = () => c.height + 1
    // Not enabled: 0 stays 0; a past or current height is refused.
    expect(await enable(0)).toBe('ok')
    let h = next()
    expect(await enable(h)).toBe(
      `undefined/1: vote extensions cannot be updated to a past or current height, enable height: ${h}, current height ${h}`,
    )
    // A future height, then disabled again and moved before it is reached.
    expect(await enable(next() + 10)).toBe('ok')
    expect(await enable(0)).toBe('ok')
    expect(await enable(next() + 10)).toBe('ok')
    const target = next() + 1
    expect(await enable(target)).toBe('ok')
    expect((await stored(c)).abci).toEqual({ vote_extensions_enable_height: `${target}` })
    await c.block([])
    // Reached: the same height passes; disabling and moving are refused.
    h = next()
    expect(h).toBe(target + 1)
    expect(await enable(target)).toBe('ok')
    h = next()
    expect(await enable(0)).toBe(
      `undefined/1: vote extensions cannot be disabled once enabledold enable height: ${target}, current height ${h}`,
    )
    h = next()
    expect(await enable(h + 5)).toBe(
      `undefined/1: vote extensions cannot be modified once enabledenable height: ${target}, current height ${h}`,
    )
    expect((await stored(c)).abci).toEqual({ vote_extensions_enable_height: `${target}` })
  })

  test('error: a negative enable height is refused by ValidateUpdate too (ValidateBasic speaks first in the msg)', () => {
    const p: CometParams = {
      block: { maxBytes: 1n, maxGas: -1n },
      evidence: { maxAgeNumBlocks: 1n, maxAgeDuration: 1n, maxBytes: 0n },
      validator: { pubKeyTypes: ['ed25519'] },
      version: { app: 0n },
      abci: { voteExtensionsEnableHeight: 5n },
    }
    expect(() =>
      validateCometUpdate(p, { abci: { voteExtensionsEnableHeight: -1n } }, 10n),
    ).toThrow(/^VoteExtensionsEnableHeight must be positive$/)
    expect(() =>
      validateCometUpdate(p, { abci: { voteExtensionsEnableHeight: 5n } }, 10n),
    ).not.toThrow()
    expect(() => validateCometUpdate(p, {}, 10n)).not.toThrow()
  })

  test('error: no stored params is upstream’s collections error (code 1)', async () => {
    const c = await start()
    const keeper = new ConsensusKeeper({ registry })
    await c.edit((state) => keeper.c.params.remove(state.store(MODULE_NAME)))
    expect(await run(c, defaults())).toBe(
      "undefined/1: collections: not found: key 'no_key' of type tendermint.types.ConsensusParams",
    )
  })
})

describe('MsgUpdateParams applied', () => {
  test('behavior: the params are stored whole; version.app becomes 0; abci is kept when the msg has none', async () => {
    const c = await start({
      version: { app: '7' },
      abci: { vote_extensions_enable_height: '1000' },
    })
    await c.block([])
    expect((await stored(c)).version).toEqual({ app: '7' })
    const r = await c.tx(UPDATE, {
      ...defaults(),
      block: { max_bytes: '1000000', max_gas: '50000000' },
      evidence: {
        max_age_num_blocks: '200',
        max_age_duration: { seconds: '3600', nanos: 500 },
        max_bytes: '5000',
      },
      validator: { pub_key_types: ['secp256k1', 'ed25519'] },
    })
    expect(await stored(c)).toEqual({
      block: { max_bytes: '1000000', max_gas: '50000000' },
      evidence: {
        max_age_num_blocks: '200',
        max_age_duration: '3600.000000500s',
        max_bytes: '5000',
      },
      validator: { pub_key_types: ['secp256k1', 'ed25519'] },
      version: { app: '0' },
      abci: { vote_extensions_enable_height: '1000' },
    })
    expect(r.events.map((e) => e.type)).toEqual(['update_consensus_params'])
    expect(eventOf(r.events, 'update_consensus_params')).toEqual({
      authority: GOV,
      parameters:
        'block:<max_bytes:1000000 max_gas:50000000 > evidence:<max_age_num_blocks:200 max_age_duration:<seconds:3600 nanos:500 > max_bytes:5000 > validator:<pub_key_types:"secp256k1" pub_key_types:"ed25519" > version:<> ',
    })
    // With abci in the msg it is replaced (disabling is allowed before the enable height).
    await c.tx(UPDATE, { ...defaults(), abci: { vote_extensions_enable_height: '0' } })
    expect(await stored(c)).toEqual(GENESIS_PARAMS)
  })

  test('behavior: the event carries the msg’s update (not the next params) as gogoproto compact text, byte for byte', async () => {
    const c = await start()
    const typical = await c.tx(UPDATE, defaults())
    expect(typical.events).toEqual([
      {
        type: 'update_consensus_params',
        attributes: [
          { key: 'authority', value: GOV, index: true },
          {
            key: 'parameters',
            value:
              'block:<max_bytes:22020096 max_gas:-1 > evidence:<max_age_num_blocks:100000 max_age_duration:<seconds:172800 > max_bytes:1048576 > validator:<pub_key_types:"ed25519" > version:<> ',
            index: true,
          },
        ],
      },
    ])
    const withAbci = await c.tx(UPDATE, {
      ...defaults(),
      abci: { vote_extensions_enable_height: '0' },
    })
    expect(eventOf(withAbci.events, 'update_consensus_params')?.parameters).toBe(
      'block:<max_bytes:22020096 max_gas:-1 > evidence:<max_age_num_blocks:100000 max_age_duration:<seconds:172800 > max_bytes:1048576 > validator:<pub_key_types:"ed25519" > version:<> abci:<> ',
    )
  })

  test('behavior: compact text leaves out zero numbers and a zero duration; escapes strings as Go does', () => {
    expect(
      consensusParamsText({
        block: { maxBytes: 0n, maxGas: 0n },
        evidence: { maxAgeNumBlocks: 1n, maxAgeDuration: 0n, maxBytes: 0n },
        validator: { pubKeyTypes: ['a"b\\c\n', 'é'] },
        abci: { voteExtensionsEnableHeight: 12n },
      }),
    ).toBe(
      'block:<> evidence:<max_age_num_blocks:1 > validator:<pub_key_types:"a\\"b\\\\c\\n" pub_key_types:"\\303\\251" > abci:<vote_extensions_enable_height:12 > ',
    )
    // A negative duration: seconds and nanos both truncated toward zero, as gogoproto's.
    expect(
      consensusParamsText({
        evidence: { maxAgeNumBlocks: 0n, maxAgeDuration: -1_500_000_000n, maxBytes: 0n },
        version: { app: 3n },
      }),
    ).toBe('evidence:<max_age_duration:<seconds:-1 nanos:-500000000 > > version:<app:3 > ')
  })
})

describe('MsgUpdateParams through governance', () => {
  const SUBMIT = '/sdk.gov.v1.MsgSubmitProposal'

  async function submit(c: GovChain, msg: Record<string, unknown> | AnyMessage) {
    const any =
      'type_url' in msg
        ? (msg as AnyMessage)
        : { type_url: UPDATE, value: GovChain.encode(UPDATE, msg) }
    return c.block([
      {
        typeUrl: SUBMIT,
        value: {
          messages: [any],
          initial_deposit: [{ denom: 'stake', amount: '10000000' }],
          proposer: ALICE,
          title: 'Consensus params',
          summary: 'Raise the block gas limit',
        },
      },
    ])
  }

  /** Submits, votes yes with all the power, ends the voting period; the proposal as queried. */
  async function pass(c: GovChain, msg: Record<string, unknown> | AnyMessage) {
    const r = (await submit(c, msg)).results[0]!
    expect(r.ok).toBe(true)
    const id = Number(r.response!.proposal_id)
    await c.tx('/sdk.gov.v1.MsgVote', { proposal_id: id, voter: VAL, option: 1 })
    const { endEvents } = await c.block([], c.time + 5n * S)
    const { proposal } = await c.query('sdk.gov.v1.Query/Proposal', { proposal_id: id })
    return { proposal: proposal as Record<string, unknown>, endEvents }
  }

  test('behavior: a passed proposal replaces the params; a refused update fails it with the refusal', async () => {
    const c = await start()
    const raised = { ...defaults(), block: { max_bytes: '22020096', max_gas: '100000000' } }
    const ok = await pass(c, raised)
    expect(ok.proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await stored(c)).block).toEqual({ max_bytes: '22020096', max_gas: '100000000' })
    expect(eventOf(ok.endEvents, 'update_consensus_params')).toEqual({
      authority: GOV,
      parameters:
        'block:<max_bytes:22020096 max_gas:100000000 > evidence:<max_age_num_blocks:100000 max_age_duration:<seconds:172800 > max_bytes:1048576 > validator:<pub_key_types:"ed25519" > version:<> ',
    })

    const bad = await pass(c, { ...defaults(), block: { max_bytes: '0', max_gas: '-1' } })
    expect(bad.proposal.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(bad.proposal.failed_reason).toBe('block.MaxBytes cannot be 0')
    expect((await stored(c)).block).toEqual({ max_bytes: '22020096', max_gas: '100000000' })
  })

  test('behavior: the proposal file of docs/governance.md passes and raises the block gas limit', async () => {
    const section = docText('docs/governance.md').split('## Consensus params')[1]!
    const file = /```json\n([\s\S]*?)```/.exec(section)![1]!
    const { messages } = parseProposalFile(registry, file)
    expect(messages.map((m) => m.type_url)).toEqual([UPDATE])
    const c = await start()
    const { proposal } = await pass(c, messages[0]!)
    expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await stored(c)).toEqual({
      ...GENESIS_PARAMS,
      block: { max_bytes: '22020096', max_gas: '100000000' },
    })
  })

  test('error: v1 has no x/consensus: the msg is not routed and a proposal carrying it is gov 10', async () => {
    const c = await chains.create(
      genesisState({ balances: { [ALICE]: 100_000_000n }, validators: ONE_VALIDATOR }),
    )
    expect(c.app.msgHandlers.has(UPDATE)).toBe(false)
    const r = (await submit(c, defaults())).results[0]!
    const { codespace, code } = r.error!.abci()
    expect(`${codespace}/${code}: ${r.error!.message}`).toBe(
      `gov/10: ${UPDATE}: proposal message not recognized by router`,
    )
  })
})

describe('MsgUpdateParams amino JSON and signer', () => {
  const msg = {
    ...defaults(),
    authority: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn',
    abci: { vote_extensions_enable_height: '0' },
  }
  const value =
    '"value":{"abci":{},"authority":"cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn","block":{"max_bytes":"22020096","max_gas":"-1"},"evidence":{"max_age_duration":"172800000000000","max_age_num_blocks":"100000","max_bytes":"1048576"},"validator":{"pub_key_types":["ed25519"]}}'

  test('behavior: sdk/x/consensus/MsgUpdateParams, cosmos-sdk/x/consensus/MsgUpdateParams under the cosmos brand', () => {
    const sdk = ProtoRegistry.load(PROTO_DIR, 'sdk')
    const cosmos = ProtoRegistry.load(PROTO_DIR, 'cosmos')
    expect(aminoJsonOfAny(sdk, sdk.packAny(UPDATE, msg))).toBe(
      `{"type":"sdk/x/consensus/MsgUpdateParams",${value}}`,
    )
    expect(aminoJsonOfAny(cosmos, cosmos.packAny(UPDATE, msg))).toBe(
      `{"type":"cosmos-sdk/x/consensus/MsgUpdateParams",${value}}`,
    )
    expect(msgSigners(sdk.type('sdk.consensus.v1.MsgUpdateParams'), { authority: GOV })).toEqual([
      moduleAddress('gov'),
    ])
  })
})
