import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  boundPorts,
  devMine,
  rpcCall,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * x/slashing on a running 4-validator devnet, driven as a user would: a validator stops signing
 * (the dev API, as CometMock's set_signing_status), misses blocks until the window jails and slashes
 * it, leaves the consensus set two heights later, cannot unjail early, unjails after
 * downtime_jail_duration (time travel) and bonds again; a double sign tombstones a validator for
 * good. Expected figures are upstream's defaults (window 100, min signed 0.5, 1% downtime slash, 5%
 * double-sign slash, 600 s jail) and the powers the test gives.
 */

/** Protobuf varint of a non-negative integer. */
function varint(value: bigint): number[] {
  const out: number[] = []
  let v = value
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80)
    v >>= 7n
  }
  out.push(Number(v))
  return out
}

/** An Equivocation{height, time, power, consensus_address} as its protobuf bytes, from its JSON. */
function equivocationBytes(e: {
  height: string
  time: string
  power: string
  consensus_address: string
}): Uint8Array {
  const ms = Date.parse(e.time)
  const fraction = /\.(\d+)Z$/.exec(e.time)?.[1] ?? ''
  const seconds = BigInt(Math.floor(ms / 1000))
  const nanos = BigInt(Number(fraction.padEnd(9, '0').slice(0, 9)))
  const time = [
    ...(seconds > 0n ? [0x08, ...varint(seconds)] : []),
    ...(nanos > 0n ? [0x10, ...varint(nanos)] : []),
  ]
  const address = [...Buffer.from(e.consensus_address)]
  return Uint8Array.from([
    0x08,
    ...varint(BigInt(e.height)),
    0x12,
    ...varint(BigInt(time.length)),
    ...time,
    0x18,
    ...varint(BigInt(e.power)),
    0x22,
    ...varint(BigInt(address.length)),
    ...address,
  ])
}

const cleanups = cleanupAfterAll()

let p: SdkdProcess
let home: string
let rpcPort: number
let rpc: string

const sdkd = (...args: string[]) => runSdkd(['--home', home, ...args])

async function json(...args: string[]): Promise<any> {
  const r = await sdkd(...args, '--node', rpc, '--output', 'json')
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}

/** `sdkd tx slashing unjail --from <operator>`, waiting for the tx's block. */
const unjail = (operator: string) =>
  sdkd(
    'tx',
    'slashing',
    'unjail',
    '--from',
    operator,
    '--node',
    rpc,
    '--wait',
    '--yes',
    '--output',
    'json',
  )

/** The validator whose moniker is `name`, as `sdkd query staking validators` lists it. */
async function validatorNamed(name: string): Promise<any> {
  const { validators } = await json('query', 'staking', 'validators')
  const v = validators.find((x: any) => x.description.moniker === name)
  expect(v, `validator ${name}`).toBeDefined()
  return v
}

/** The voting powers of the consensus set at `height`, as CometBFT's /validators lists them. */
async function powersAt(height: number): Promise<string[]> {
  const r = await rpcCall(rpcPort, 'validators', { height: String(height) })
  return r.result.validators.map((v: { voting_power: string }) => v.voting_power)
}

beforeAll(async () => {
  const dir = await tempDir('sdkd-slashing-devnet-')
  cleanups.push(dir.cleanup)
  home = join(dir.dir, 'home')
  p = startSdkd([
    '--home',
    home,
    'devnet',
    '--validators',
    '4',
    '--powers',
    '40,30,20,10',
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
  ])
  cleanups.push(() => p.stop())
  ;({ rpcPort } = await boundPorts(p))
  await p.waitForLog((l) => l.msg === 'committed block')
  expect((await rpcCall(rpcPort, 'dev_setMining', { mode: 'instant' })).result.mode).toBe('instant')
  rpc = `http://127.0.0.1:${rpcPort}`
}, 60_000)

describe('x/slashing on a 4-validator devnet (e2e)', () => {
  test('behavior: a validator that stops signing is jailed and slashed 1% by the window, leaves the set at H+2, cannot unjail before 600 s, then unjails and bonds again', async () => {
    const before = await validatorNamed('validator-3')
    expect(before).toMatchObject({
      status: 'BOND_STATUS_BONDED',
      jailed: false,
      tokens: '10000000',
    })
    const off = await sdkd('dev', 'signing', '3', 'off', '--node', rpc)
    expect(off.code, off.stderr).toBe(0)

    // Window 100, at least 50 signed: the 51st miss past height 100 jails it.
    await devMine(rpcPort, 130)
    const jailed = await validatorNamed('validator-3')
    expect(jailed).toMatchObject({
      status: 'BOND_STATUS_UNBONDING',
      jailed: true,
      tokens: '9900000',
    })
    const unbondingHeight = Number(jailed.unbonding_height)
    // Jailed in the block at H: the set of H+1 still has it, the set of H+2 no longer.
    expect(await powersAt(unbondingHeight + 1)).toEqual(['40', '30', '20', '10'])
    expect(await powersAt(unbondingHeight + 2)).toEqual(['40', '30', '20'])
    // Out of the set, its key still held: it is set to sign again before its unjail (power 0 now).
    const on = await sdkd('dev', 'signing', jailed.operator_address, 'on', '--node', rpc)
    expect(on.code, on.stderr).toBe(0)
    expect(JSON.parse(on.stdout)).toMatchObject({ voting_power: '0', signing: true })

    const { info } = await json('query', 'slashing', 'signing-infos')
    const mine = info.find((i: any) => i.jailed_until !== '1970-01-01T00:00:00Z')
    expect(mine).toMatchObject({ tombstoned: false, missed_blocks_counter: '0' })

    // Too early: jailed_until is 600 s after the jailing block.
    const early = await unjail('validator3')
    expect(early.code).toBe(1)
    expect(early.stderr).toContain(
      'code 4 (codespace slashing): failed to execute message; message index: 0: validator still jailed; cannot be unjailed',
    )

    const jump = await rpcCall(rpcPort, 'dev_increaseTime', { seconds: 601 })
    expect(jump.error).toBeUndefined()
    const unjailed = await unjail('validator3')
    expect(unjailed.code, unjailed.stderr).toBe(0)
    const unjailHeight = Number(JSON.parse(unjailed.stdout).height)
    expect(await validatorNamed('validator-3')).toMatchObject({
      status: 'BOND_STATUS_BONDED',
      jailed: false,
      tokens: '9900000',
    })
    await devMine(rpcPort, 2)
    // Power 9.9 M tokens → 9 (truncated): back in the set two heights after the unjail.
    expect(await powersAt(unjailHeight + 2)).toEqual(['40', '30', '20', '9'])
    // Back in the set, it signs: no block missed since.
    await devMine(rpcPort, 5)
    const after = (await json('query', 'slashing', 'signing-infos')).info
    expect(after.find((i: any) => i.address === mine.address)).toMatchObject({
      missed_blocks_counter: '0',
    })
  })

  test('behavior: a double sign slashes 5% at the infraction height, jails for good and tombstones; unjail is refused forever', async () => {
    // The block carrying the evidence publishes CometBFT's NewEvidence event.
    const frames: any[] = []
    const ws = new WebSocket(`ws://127.0.0.1:${rpcPort}/websocket`)
    ws.on('message', (d) => frames.push(JSON.parse(String(d))))
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const query = "tm.event='NewEvidence'"
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'ev', method: 'subscribe', params: { query } }))
    await waitFor(async () => frames.find((f) => f.id === 'ev'), 10_000, 'the subscription')
    const before = Number((await rpcCall(rpcPort, 'status')).result.sync_info.latest_block_height)
    const ds = await sdkd('dev', 'double-sign', '2', '--node', rpc)
    expect(ds.code, ds.stderr).toBe(0)
    expect(JSON.parse(ds.stdout)).toEqual({
      validator: expect.stringMatching(/^[0-9A-F]{40}$/),
      height: String(before),
    })
    await devMine(rpcPort, 1)
    const v = await validatorNamed('validator-2')
    expect(v).toMatchObject({ jailed: true, status: 'BOND_STATUS_UNBONDING', tokens: '19000000' })
    const { info } = await json('query', 'slashing', 'signing-infos')
    expect(info.filter((i: any) => i.tombstoned)).toHaveLength(1)
    expect(info.find((i: any) => i.tombstoned).jailed_until).toBe('9999-12-31T23:59:59Z')
    const evidence: any = await fetch(`${rpc}/block?height=${Number(v.unbonding_height)}`).then(
      (r) => r.json(),
    )
    expect(evidence.result.block.evidence.evidence).toHaveLength(1)
    const published = await waitFor(
      async () => frames.find((f) => f.id === 'ev' && f.result?.data),
      10_000,
      'the NewEvidence event',
    )
    ws.terminate()
    expect(published.result).toEqual({
      query,
      data: {
        type: 'tendermint/event/NewEvidence',
        value: {
          evidence: evidence.result.block.evidence.evidence[0],
          height: String(Number(v.unbonding_height)),
        },
      },
      events: { 'tm.event': ['NewEvidence'] },
    })
    expect(published.result.data.value.evidence.type).toBe('tendermint/DuplicateVoteEvidence')

    // x/evidence stored it: `query evidence list`, and by its hash (sha256 of the Equivocation's
    // protobuf encoding, made here field by field) `query evidence evidence <hash>`.
    const { evidence: stored } = await json('query', 'evidence', 'list')
    expect(stored).toHaveLength(1)
    const eq = stored[0]
    expect(eq['@type']).toBe('/sdk.evidence.v1beta1.Equivocation')
    expect(eq.consensus_address).toMatch(/^sdkvalcons1/)
    const hash = createHash('sha256').update(equivocationBytes(eq)).digest('hex').toUpperCase()
    expect((await json('query', 'evidence', 'evidence', hash)).evidence).toEqual(eq)
    const missing = await sdkd('query', 'evidence', 'evidence', 'ABCD', '--node', rpc)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('evidence ABCD not found')

    expect(
      (await rpcCall(rpcPort, 'dev_increaseTime', { seconds: 10 * 365 * 86400 })).error,
    ).toBeUndefined()
    const refused = await unjail('validator2')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'code 4 (codespace slashing): failed to execute message; message index: 0: validator still jailed; cannot be unjailed',
    )

    // Out of the set now, it still double-signs at a height it was in the set (CometBFT checks
    // evidence against that height's set); x/evidence ignores a tombstoned validator's.
    await devMine(rpcPort, 3)
    const again = await sdkd(
      'dev',
      'double-sign',
      v.operator_address,
      '--height',
      String(before),
      '--node',
      rpc,
    )
    expect(again.code, again.stderr).toBe(0)
    const carried: any = await fetch(`${rpc}/block?height=${await devMine(rpcPort, 1)}`).then((r) =>
      r.json(),
    )
    expect(
      carried.result.block.evidence.evidence.map((e: any) => e.value.vote_a.validator_address),
    ).toEqual([JSON.parse(again.stdout).validator])
    expect(await validatorNamed('validator-2')).toMatchObject({ tokens: '19000000' })
    const later = Number((await rpcCall(rpcPort, 'status')).result.sync_info.latest_block_height)
    const outside = await sdkd(
      'dev',
      'double-sign',
      v.operator_address,
      '--height',
      String(later),
      '--node',
      rpc,
    )
    expect(outside.code).toBe(1)
    expect(outside.stderr).toContain(`is not in the validator set of height ${later}`)
  })

  test("behavior: CometMock's set_signing_status, cause_double_sign and cause_light_client_attack take a key file's address, as scripts written for CometMock call them", async () => {
    // The addresses a CometMock script reads from each validator's priv_validator_key.json.
    const keyFile = (name: string) =>
      readFile(join(home, 'config', name), 'utf8').then((t) => JSON.parse(t).address as string)
    const [a0, a1, a2, a3] = await Promise.all([
      keyFile('priv_validator_key.json'),
      keyFile('priv_validator_keys/validator-1.json'),
      keyFile('priv_validator_keys/validator-2.json'),
      keyFile('priv_validator_keys/validator-3.json'),
    ])
    const statuses = (down: string[]) =>
      Object.fromEntries(
        [a0, a1, a2, a3]
          .map((a) => a!)
          .sort()
          .map((a) => [a, !down.includes(a)]),
      )

    // validator-3 (power 9) stops signing: the next block's commit has no vote of it.
    const off = await rpcCall(rpcPort, 'set_signing_status', {
      private_key_address: a3,
      status: 'down',
    })
    expect(off).toMatchObject({ result: { new_signing_status_map: statuses([a3!]) } })
    expect(Object.keys(off.result.new_signing_status_map)).toEqual(Object.keys(statuses([])))
    expect((await rpcCall(rpcPort, 'dev_status')).result.signing).toEqual(statuses([a3!]))
    const h = await devMine(rpcPort, 2)
    const { result } = await rpcCall(rpcPort, 'block', { height: String(h) })
    const votes = result.block.last_commit.signatures
    expect(votes.map((v: any) => v.validator_address)).not.toContain(a3)
    expect(votes.filter((v: any) => v.block_id_flag === 1)).toHaveLength(1)
    const on = await rpcCall(rpcPort, 'set_signing_status', {
      private_key_address: a3,
      status: 'up',
    })
    expect(on.result).toEqual({ new_signing_status_map: statuses([]) })

    // CometMock's refusals, with its texts; and sdkd's own: no stop that leaves 2/3 or less signing.
    const refusal = async (method: string, params: Record<string, unknown>) => {
      const r = await rpcCall(rpcPort, method, params)
      expect(r.error, JSON.stringify(r)).toMatchObject({ code: -32602 })
      return r.error.data as string
    }
    expect(await refusal('set_signing_status', { private_key_address: a3, status: 'off' })).toBe(
      'status must be either `up` to have the validator sign, or `down` to have the validator not sign',
    )
    const nobody = '00'.repeat(20)
    expect(
      await refusal('set_signing_status', { private_key_address: nobody, status: 'down' }),
    ).toBe(
      `address ${nobody} not found in signing status map, please double-check this is the key address of a validator key`,
    )
    expect(
      await refusal('set_signing_status', { private_key_address: a1, status: 'down' }),
    ).toMatch(
      new RegExp(
        `^validator ${a1} cannot stop signing: without it the validators still signing hold 49 of 79`,
      ),
    )

    // validator-1 double-signs: one block is mined at once, carrying the evidence; 5% slashed.
    const before = Number((await rpcCall(rpcPort, 'status')).result.sync_info.latest_block_height)
    expect(await rpcCall(rpcPort, 'cause_double_sign', { private_key_address: a1 })).toMatchObject({
      result: {},
    })
    const block = await rpcCall(rpcPort, 'block', {})
    expect(block.result.block.header.height).toBe(String(before + 1))
    const [evidence] = block.result.block.evidence.evidence
    expect(evidence.type).toBe('tendermint/DuplicateVoteEvidence')
    expect(evidence.value.vote_a.validator_address).toBe(a1)
    expect(evidence.value.vote_a.height).toBe(String(before))
    expect(await validatorNamed('validator-1')).toMatchObject({
      jailed: true,
      tokens: '28500000',
    })
    // validator-2, tombstoned by the test before, is no longer in the set.
    expect(await refusal('cause_double_sign', { private_key_address: a2 })).toBe(
      `validator with address ${a2} not found`,
    )

    // validator-3 attacks a light client (a Lunatic attack: another app hash): one block is mined
    // at once, carrying CometBFT's LightClientAttackEvidence; x/evidence slashes it 5% and
    // tombstones it at the common height, the height before the attacked one.
    expect(
      await refusal('cause_light_client_attack', {
        private_key_address: a3,
        misbehaviour_type: 'Sideways',
      }),
    ).toBe('unknown misbehaviour type Sideways, possible types are: Equivocation, Lunatic, Amnesia')
    expect(
      await refusal('cause_light_client_attack', {
        private_key_address: a2,
        misbehaviour_type: 'Lunatic',
      }),
    ).toBe(`validator with address ${a2} not found`)
    const attacked = Number((await rpcCall(rpcPort, 'status')).result.sync_info.latest_block_height)
    const original = (await rpcCall(rpcPort, 'block', { height: String(attacked) })).result
    // sdkd's own command first (an Amnesia attack: the same block), which mines nothing; then
    // CometMock's method, whose block carries both.
    const { operator_address: operator3 } = await validatorNamed('validator-3')
    const refused = await sdkd('dev', 'light-client-attack', operator3, 'Sideways', '--node', rpc)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'unknown misbehaviour type Sideways, possible types are: Equivocation, Lunatic, Amnesia',
    )
    const amnesia = await sdkd('dev', 'light-client-attack', operator3, 'Amnesia', '--node', rpc)
    expect(amnesia.code, amnesia.stderr).toBe(0)
    expect(JSON.parse(amnesia.stdout)).toEqual({
      validator: a3,
      common_height: String(attacked - 1),
    })
    expect(
      await rpcCall(rpcPort, 'cause_light_client_attack', {
        private_key_address: a3,
        misbehaviour_type: 'Lunatic',
      }),
    ).toMatchObject({ result: {} })
    const carrying = (await rpcCall(rpcPort, 'block', {})).result.block
    expect(carrying.header.height).toBe(String(attacked + 1))
    const attacks = carrying.evidence.evidence
    expect(attacks.map((e: any) => e.type)).toEqual([
      'tendermint/LightClientAttackEvidence',
      'tendermint/LightClientAttackEvidence',
    ])
    for (const lca of attacks) {
      expect(lca.value.CommonHeight).toBe(String(attacked - 1))
      expect(lca.value.ByzantineValidators.map((v: any) => [v.address, v.voting_power])).toEqual([
        [a3, '9'],
      ])
      expect(lca.value.ConflictingBlock.signed_header.commit.block_id).toEqual(original.block_id)
    }
    expect(attacks[0].value.ConflictingBlock.signed_header.header).toEqual(original.block.header)
    expect(attacks[1].value.ConflictingBlock.signed_header.header).toEqual({
      ...original.block.header,
      app_hash: Buffer.from('some other app hash').toString('hex').toUpperCase(),
    })
    // 5% of its power at the common height (9, so 9 M tokens), as upstream slashes: 450,000, once
    // (the second attack finds it tombstoned and is ignored, as upstream's x/evidence does).
    expect(await validatorNamed('validator-3')).toMatchObject({
      jailed: true,
      tokens: '9450000',
    })
    const { evidence: stored } = await json('query', 'evidence', 'list')
    expect(stored.map((e: any) => e.height).sort()).toContain(String(attacked - 1))
    const { info } = await json('query', 'slashing', 'signing-infos')
    expect(info.filter((i: any) => i.tombstoned)).toHaveLength(3)
  })
})
