import { describe, expect, test } from 'vitest'
import { ValidatorSet } from '../../src/block/validator-set.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { decFromString, decToAtomics } from '../../src/codec/dec.js'
import { merkleRoot } from '../../src/codec/hash.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { canonicalVote, timestampOf, verifies } from '../helpers/canonical-vote.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  getJson,
  initHome,
  rpcCall,
  rpcOnlyStart,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { createTxTestNode, stakeFee, testAccount } from '../helpers/tx-node.js'
import { testValidatorKey, writeValidators } from '../helpers/validators-home.js'

const cleanups = cleanupAfterEach()

const KEYS = [
  testValidatorKey(21, 40n),
  testValidatorKey(22, 30n),
  testValidatorKey(23, 20n),
  testValidatorKey(24, 10n),
]
const byAddress = new Map(KEYS.map((k) => [k.address, k]))

async function home(): Promise<string> {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  return t.dir
}

function track(p: SdkdProcess): SdkdProcess {
  cleanups.push(() => p.stop('SIGKILL'))
  return p
}

/** A dev API call's result; its error thrown. */
async function devCall(rpcPort: number, method: string, params: Record<string, unknown> = {}) {
  const r = await rpcCall(rpcPort, method, params)
  if (!r.result) throw new Error(`${method}: ${JSON.stringify(r.error)}`)
  return r.result
}

/** A google.protobuf.Timestamp for the proto registry (int64 seconds as text). */
function protoTime(text: string) {
  const { seconds, nanos } = timestampOf(text)
  return { seconds: seconds.toString(), nanos }
}

describe('a node of 4 validators', () => {
  test('behavior: heights advance, the proposer rotates by proposer priority, every last_commit signature verifies, /validators pages', async () => {
    const dir = await home()
    await initHome(dir)
    await writeValidators(dir, KEYS)
    const p = track(
      startSdkd([...rpcOnlyStart(dir), '--dev.enable'], { env: { SDKD_LOG_LEVEL: 'debug' } }),
    )
    const { rpcPort } = await boundPorts(p)
    const rpc = (path: string) => getJson(`http://127.0.0.1:${rpcPort}${path}`)
    // The burst's blocks, their four votes included, are made on the block worker.
    await p.waitForLog((l) => l.msg === 'block worker ready')
    const height = await devMine(rpcPort, 12)
    expect(height).toBeGreaterThanOrEqual(12)

    // CometBFT: the genesis set is NewValidatorSet (one increment), each height one more.
    const expected = ValidatorSet.of(KEYS.map((k) => ({ pubKey: k.pubKey, power: k.power })))
    const setOrder = expected.validators.map((v) =>
      Buffer.from(v.address).toString('hex').toUpperCase(),
    )
    expect(setOrder).toEqual(KEYS.map((k) => k.address))
    const blocks: any[] = []
    for (let h = 1; h <= 12; h++) {
      const { body } = await rpc(`/block?height=${h}`)
      blocks.push(body.result)
      expect(body.result.block.header.proposer_address).toBe(
        Buffer.from(expected.proposer().address).toString('hex').toUpperCase(),
      )
      expected.incrementProposerPriority(1)
    }
    const proposers = new Set(blocks.map((b) => b.block.header.proposer_address))
    expect(proposers.size).toBe(4)

    for (let h = 2; h <= 12; h++) {
      const commit = blocks[h - 1].block.last_commit
      const prev = blocks[h - 2]
      expect(commit.height).toBe(String(h - 1))
      expect(commit.block_id.hash).toBe(prev.block_id.hash)
      expect(commit.signatures.map((s: any) => s.validator_address)).toEqual(setOrder)
      for (const s of commit.signatures) {
        expect(s.block_id_flag).toBe(2)
        const vote = canonicalVote(2, h - 1, prev.block_id, s.timestamp, prev.block.header.chain_id)
        expect(verifies(byAddress.get(s.validator_address)!.pubKey, vote, s.signature)).toBe(true)
      }
    }

    // The latest height's commit, before a block carries it: signed by all four as well.
    const latest = await rpc('/commit')
    const sigs = latest.body.result.signed_header.commit.signatures
    expect(sigs.map((s: any) => s.block_id_flag)).toEqual([2, 2, 2, 2])

    const page2 = await rpc('/validators?height=3&page=2&per_page=3')
    expect(page2.body.result).toMatchObject({ block_height: '3', count: '1', total: '4' })
    expect(page2.body.result.validators[0]).toMatchObject({
      address: KEYS[3]!.address,
      voting_power: '10',
    })
    const all = await rpc('/validators')
    expect(all.body.result.validators.map((v: any) => v.address)).toEqual(setOrder)
    expect(all.body.result.validators.map((v: any) => v.voting_power)).toEqual([
      '40',
      '30',
      '20',
      '10',
    ])
    const beyond = await rpc('/validators?page=3&per_page=2')
    expect(beyond.body.error.data).toBe('page should be within [1, 2] range, given 3')

    const status = await rpc('/status')
    expect(status.body.result.validator_info).toMatchObject({
      address: KEYS[0]!.address,
      voting_power: '40',
    })

    // dev_setSigningStatus: validator 3 (power 10) stops signing; the next commits list it ABSENT.
    const off = await rpcCall(rpcPort, 'dev_setSigningStatus', { validator: '3', signing: false })
    expect(off.result).toEqual({ validator: KEYS[3]!.address, voting_power: '10', signing: false })
    const h2 = await devMine(rpcPort, 2)
    const withAbsent = (await rpc(`/block?height=${h2}`)).body.result.block.last_commit.signatures
    expect(withAbsent.map((s: any) => s.block_id_flag)).toEqual([2, 2, 2, 1])
    expect(withAbsent[3]).toEqual({
      block_id_flag: 1,
      validator_address: '',
      timestamp: '0001-01-01T00:00:00Z',
      signature: null,
    })
    // The round state lists all four (CometBFT: one entry per validator of the set): nobody has
    // voted at the next height; the last commit lacks validator 3's precommit.
    const none = 'BA{4:____} 0/100 = 0.00'
    const simple = (await rpc('/consensus_state')).body.result.round_state
    expect(simple.height_vote_set).toEqual([
      {
        round: 0,
        prevotes: Array(4).fill('nil-Vote'),
        prevotes_bit_array: none,
        precommits: Array(4).fill('nil-Vote'),
        precommits_bit_array: none,
      },
    ])
    expect(simple.proposer.index).toBe(setOrder.indexOf(simple.proposer.address))
    const dump = (await rpc('/dump_consensus_state')).body.result.round_state
    expect(dump.votes).toEqual(simple.height_vote_set)
    expect(dump.last_commit.votes_bit_array).toBe('BA{4:xxx_} 90/100 = 0.90')
    expect(dump.last_commit.votes).toEqual([
      ...KEYS.slice(0, 3).map((k, i) =>
        expect.stringMatching(
          new RegExp(
            `^Vote\\{${i}:${k.address.slice(0, 12)} ${Number(dump.height) - 1}/00/SIGNED_MSG_TYPE_PRECOMMIT\\(Precommit\\) [0-9A-F]{12} [0-9A-F]{12} 000000000000 @ \\S+Z\\}$`,
          ),
        ),
      ),
      'nil-Vote',
    ])
    // Without validator 0 too, 50 of 100 would sign: refused, nothing changes.
    const halt = await rpcCall(rpcPort, 'dev_setSigningStatus', {
      validator: KEYS[0]!.address,
      signing: false,
    })
    expect(halt.error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: `validator ${KEYS[0]!.address} cannot stop signing: without it the validators still signing hold 50 of 100 voting power, not more than 2/3: no block could be committed`,
    })
    const bad = await rpcCall(rpcPort, 'dev_setSigningStatus', {
      validator: 'nope',
      signing: false,
    })
    expect(bad.error.data).toBe(
      'validator must be an operator address (sdkvaloper1…), a consensus address (40 hex digits) or an index in the validator set, got nope',
    )
    // The CLI: validator 3 signs again.
    const cli = await runSdkd([
      'dev',
      'signing',
      KEYS[3]!.address,
      'on',
      '--node',
      `tcp://127.0.0.1:${rpcPort}`,
    ])
    expect(cli.code).toBe(0)
    expect(JSON.parse(cli.stdout)).toEqual({
      validator: KEYS[3]!.address,
      voting_power: '10',
      signing: true,
    })
    const h3 = await devMine(rpcPort, 2)
    const back = (await rpc(`/block?height=${h3}`)).body.result.block.last_commit.signatures
    expect(back.map((s: any) => s.block_id_flag)).toEqual([2, 2, 2, 2])

    // dev_doubleSign: validator 2 signs a second, conflicting precommit at height 5; the next block
    // carries the DuplicateVoteEvidence and its hash.
    const ds = await rpcCall(rpcPort, 'dev_doubleSign', { validator: KEYS[2]!.address, height: 5 })
    expect(ds.result).toEqual({ validator: KEYS[2]!.address, height: '5' })
    const h4 = await devMine(rpcPort, 1)
    const withEvidence = (await rpc(`/block?height=${h4}`)).body.result.block
    const [ev] = withEvidence.evidence.evidence
    expect(withEvidence.evidence.evidence).toHaveLength(1)
    expect(ev.type).toBe('tendermint/DuplicateVoteEvidence')
    expect(ev.value).toMatchObject({
      TotalVotingPower: '100',
      ValidatorPower: '20',
      Timestamp: blocks[4].block.header.time,
    })
    const { vote_a: a, vote_b: b } = ev.value
    expect([a.block_id.hash, b.block_id.hash]).toContain(blocks[4].block_id.hash)
    expect(a.block_id.hash < b.block_id.hash).toBe(true)
    for (const v of [a, b]) {
      expect(v).toMatchObject({ type: 2, height: '5', round: 0, validator_index: 2 })
      expect(v.validator_address).toBe(KEYS[2]!.address)
      const signed = canonicalVote(2, 5, v.block_id, v.timestamp, withEvidence.header.chain_id)
      expect(verifies(KEYS[2]!.pubKey, signed, v.signature)).toBe(true)
    }
    // evidence_hash: the merkle root of the DuplicateVoteEvidence proto bytes (Evidence.Bytes()).
    const registry = protoRegistry()
    const vote = (v: any) => ({
      type: 2,
      height: v.height,
      block_id: {
        hash: Buffer.from(v.block_id.hash, 'hex'),
        part_set_header: {
          total: v.block_id.parts.total,
          hash: Buffer.from(v.block_id.parts.hash, 'hex'),
        },
      },
      timestamp: protoTime(v.timestamp),
      validator_address: Buffer.from(v.validator_address, 'hex'),
      validator_index: v.validator_index,
      signature: Buffer.from(v.signature, 'base64'),
    })
    const leaf = registry
      .type('tendermint.types.DuplicateVoteEvidence')
      .encode({
        vote_a: vote(a),
        vote_b: vote(b),
        total_voting_power: '100',
        validator_power: '20',
        timestamp: protoTime(ev.value.Timestamp),
      })
      .finish()
    expect(withEvidence.header.evidence_hash).toBe(
      Buffer.from(merkleRoot([leaf]))
        .toString('hex')
        .toUpperCase(),
    )
    const later = (await rpc(`/block?height=${await devMine(rpcPort, 1)}`)).body.result.block
    expect(later.evidence.evidence).toEqual([])
    const tooHigh = await rpcCall(rpcPort, 'dev_doubleSign', { validator: '1', height: 999 })
    expect(tooHigh.error.data).toBe(
      `height must be a committed height from 1 to ${h4 + 1}, got 999`,
    )
  })

  test('behavior: dev_revert puts back the signing and the pending evidence its snapshot saw: a silencing and a double sign made after it are undone, a silencing made before it comes back', async () => {
    const dir = await home()
    await initHome(dir)
    await writeValidators(dir, KEYS)
    const p = track(startSdkd([...rpcOnlyStart(dir), '--dev.enable']))
    const { rpcPort } = await boundPorts(p)
    const dev = (method: string, params: Record<string, unknown> = {}) =>
      devCall(rpcPort, method, params)
    const block = async (h: number) =>
      (await getJson(`http://127.0.0.1:${rpcPort}/block?height=${h}`)).body.result.block
    const signing = async () => Object.values((await dev('dev_status')).signing)
    await dev('dev_setMining', { mode: 'manual' })
    await devMine(rpcPort, 2)

    const clean = await dev('dev_snapshot')
    await dev('dev_setSigningStatus', { validator: '3', signing: false })
    await dev('dev_doubleSign', { validator: '2' })
    expect(await signing()).toContain(false)
    await dev('dev_revert', { id: clean.id, keep: true })
    expect(await signing()).toEqual([true, true, true, true])
    const next = await devMine(rpcPort, 1)
    const after = await block(next)
    expect(after.evidence.evidence).toEqual([])
    expect(after.last_commit.signatures.map((s: any) => s.block_id_flag)).toEqual([2, 2, 2, 2])

    // A snapshot taken with validator 3 silenced brings that back.
    await dev('dev_setSigningStatus', { validator: '3', signing: false })
    const silenced = await dev('dev_snapshot')
    await dev('dev_setSigningStatus', { validator: '3', signing: true })
    await dev('dev_revert', { id: silenced.id })
    expect((await dev('dev_status')).signing[KEYS[3]!.address]).toBe(false)
    const h = await devMine(rpcPort, 2)
    expect((await block(h)).last_commit.signatures.map((s: any) => s.block_id_flag)).toEqual([
      2, 2, 2, 1,
    ])
  }, 60_000)

  test("behavior: the consensus metrics count the set: its size and power, the validators missing from a commit, the double signers of a block, this node's power", async () => {
    const dir = await home()
    await initHome(dir)
    await writeValidators(dir, KEYS)
    const p = track(
      startSdkd([
        ...rpcOnlyStart(dir),
        '--dev.enable',
        '--instrumentation.prometheus=true',
        '--instrumentation.prometheus_listen_addr',
        '127.0.0.1:0',
      ]),
    )
    const { rpcPort } = await boundPorts(p)
    const line = await p.waitForLog((l) => l.msg === 'serving Prometheus metrics')
    const metricsUrl = `http://${String(line.address)}/metrics`
    const dev = (method: string, params: Record<string, unknown> = {}) =>
      devCall(rpcPort, method, params)
    const gauges = async () => {
      const text = await (await fetch(metricsUrl)).text()
      const value = (name: string) =>
        Number(new RegExp(`^cometbft_consensus_${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1])
      return Object.fromEntries(
        [
          'validators',
          'validators_power',
          'missing_validators',
          'missing_validators_power',
          'byzantine_validators',
          'byzantine_validators_power',
          'validator_power',
        ].map((n) => [n, value(n)]),
      )
    }
    await dev('dev_setMining', { mode: 'manual' })
    await devMine(rpcPort, 3)
    // The figures of a block are read from its sets just after it: polled, not timed.
    await expect.poll(gauges).toEqual({
      validators: 4,
      validators_power: 100,
      missing_validators: 0,
      missing_validators_power: 0,
      byzantine_validators: 0,
      byzantine_validators_power: 0,
      validator_power: 40,
    })
    // Validator 3 (power 10) stops signing; validator 2 (power 20) double-signs.
    await dev('dev_setSigningStatus', { validator: '3', signing: false })
    await devMine(rpcPort, 2)
    await dev('dev_doubleSign', { validator: '2' })
    await devMine(rpcPort, 1)
    await expect.poll(gauges).toMatchObject({
      validators: 4,
      missing_validators: 1,
      missing_validators_power: 10,
      byzantine_validators: 1,
      byzantine_validators_power: 20,
    })
  }, 60_000)

  test('behavior: sdkd start refuses when the keys it holds sign no more than 2/3 of the power', async () => {
    const dir = await home()
    await initHome(dir)
    // The node's own key (40) and validator 3 (10): 50 of 100.
    await writeValidators(dir, KEYS, [3])
    const r = await runSdkd(rpcOnlyStart(dir))
    expect(r.code).not.toBe(0)
    expect(r.stdout + r.stderr).toContain(
      'cannot start: the validators this node signs for hold 50 of 100 voting power, not more than 2/3: no block could be committed',
    )
  })
})

describe('the round state of the validators', () => {
  test('behavior: a validator joins (its key not held: it never votes) and a delegation raises its power: consensus_state and dump_consensus_state list every validator, with the totals of each height’s set; once the node’s validators hold no more than 2/3, it makes no block', async () => {
    const t = await createTxTestNode({
      funded: [
        { account: testAccount(1), coins: '100000000stake' },
        { account: testAccount(2), coins: '100000000stake' },
      ],
      node: (n) => {
        n.rpc.laddr = 'tcp://127.0.0.1:0'
      },
      app: (a) => {
        a.grpc.enable = false
        a.api.enable = false
      },
    })
    cleanups.push(t.close)
    t.node.producer.setMining({ mode: 'manual', intervalMs: 0 })
    await t.node.start()
    const url = `http://${t.node.addresses.rpc}`
    const rpc = async (method: string) => {
      const res = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
      })
      return ((await res.json()) as any).result
    }
    const roundVotes = (n: number, bits: string) => [
      {
        round: 0,
        prevotes: Array(n).fill('nil-Vote'),
        prevotes_bit_array: bits,
        precommits: Array(n).fill('nil-Vote'),
        precommits_bit_array: bits,
      },
    ]
    /** The height's vote sets (nobody voted), the last commit's bit array, its votes. */
    const roundState = async () => {
      const simple = (await rpc('consensus_state')).round_state
      const dump = (await rpc('dump_consensus_state')).round_state
      expect(dump.votes).toEqual(simple.height_vote_set)
      const proposer = dump.validators.proposer.address
      expect(simple.proposer).toEqual({
        address: proposer,
        index: dump.validators.validators.findIndex((v: any) => v.address === proposer),
      })
      return { votes: simple.height_vote_set, lastCommit: dump.last_commit }
    }
    const include = async (signer: typeof t.alice, msg: any, sequence: bigint) => {
      const bytes = t.signed(signer, [msg], { fee: stakeFee(200n), sequence, gas: 400_000n })
      expect((await t.tx.mempool.checkTx(bytes)).code).toBe(0)
      const block = await t.block()
      expect(block.results.map((r) => r.code)).toEqual([0])
    }
    await t.block()
    const ownAddress = (await rpc('status')).validator_info.address
    expect(await roundState()).toMatchObject({
      votes: roundVotes(1, 'BA{1:_} 0/10 = 0.00'),
      lastCommit: { votes_bit_array: 'BA{1:x} 10/10 = 1.00', peer_maj_23s: {} },
    })

    // bob's validator (4,000,000 stake: power 4) joins two heights after its block.
    const valoper = addressToBech32(t.bob.addressBytes, t.registry.brand.bech32.validator)
    const atoms = (text: string) => decToAtomics(decFromString(text))
    await include(
      t.bob,
      t.registry.packAny('/sdk.staking.v1beta1.MsgCreateValidator', {
        description: { moniker: 'bob' },
        commission: { rate: atoms('0.1'), max_rate: atoms('0.2'), max_change_rate: atoms('0.01') },
        min_self_delegation: '1',
        delegator_address: t.bob.address,
        validator_address: valoper,
        pubkey: t.registry.packAny('/sdk.crypto.ed25519.PubKey', {
          key: new Uint8Array(32).fill(7),
        }),
        value: { denom: 'stake', amount: '4000000' },
      }),
      0n,
    )
    await t.block()
    // The next height's set holds both; the last commit is still of the set of one.
    expect(await roundState()).toMatchObject({
      votes: roundVotes(2, 'BA{2:__} 0/14 = 0.00'),
      lastCommit: { votes_bit_array: 'BA{1:x} 10/10 = 1.00' },
    })
    await t.block()
    const joined = await roundState()
    expect(joined.votes).toEqual(roundVotes(2, 'BA{2:__} 0/14 = 0.00'))
    expect(joined.lastCommit.votes_bit_array).toBe('BA{2:x_} 10/14 = 0.71')
    const latest = t.node.blocks.latest!.block
    expect(joined.lastCommit.votes).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Vote\\{0:${ownAddress.slice(0, 12)} ${latest.header.height}/00/SIGNED_MSG_TYPE_PRECOMMIT\\(Precommit\\) ${Buffer.from(latest.blockId.hash).toString('hex').toUpperCase().slice(0, 12)} [0-9A-F]{12} 000000000000 @ \\S+Z\\}$`,
        ),
      ),
      'nil-Vote',
    ])

    // alice delegates 2,000,000 to it: power 6 of 16 from two heights on.
    await include(
      t.alice,
      t.registry.packAny('/sdk.staking.v1beta1.MsgDelegate', {
        delegator_address: t.alice.address,
        validator_address: valoper,
        amount: { denom: 'stake', amount: '2000000' },
      }),
      0n,
    )
    await t.block()
    expect(await roundState()).toMatchObject({
      votes: roundVotes(2, 'BA{2:__} 0/16 = 0.00'),
      lastCommit: { votes_bit_array: 'BA{2:x_} 10/14 = 0.71' },
    })
    // 10 of 16 sign: not more than 2/3, so no commit of that height can exist (CometBFT waits in
    // its rounds). The node makes no block, and says why.
    const height = t.node.producer.height
    await expect(t.block()).rejects.toThrow(
      `height ${height + 1} cannot be committed: the validators signing hold 10 of 16 voting power, not more than 2/3 (0 silenced with dev_setSigningStatus, 6 of validators whose keys this node does not hold); no block is made until more sign`,
    )
    expect(t.node.producer.height).toBe(height)
    expect(await roundState()).toMatchObject({
      votes: roundVotes(2, 'BA{2:__} 0/16 = 0.00'),
      lastCommit: { votes_bit_array: 'BA{2:x_} 10/14 = 0.71' },
    })
  }, 60_000)
})
