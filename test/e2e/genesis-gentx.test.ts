import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'smol-toml'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifySecp256k1 } from '../../src/client/keyring.js'
import { encodeAuthInfo, encodeTxBody, txFromJson } from '../../src/client/tx-builder.js'
import { fromBase64Strict } from '../../src/codec/bytes.js'
import { protoRegistry } from '../../src/codec/proto.js'
import { signBytes } from '../../src/codec/sign-doc.js'
import { ed25519FromSeed, privValidatorKeyJson } from '../../src/config/validator-key.js'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import {
  ABANDON_MNEMONIC,
  boundPorts,
  recoverKey,
  rpcCall,
  rpcHeight,
  runSdkd,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const cleanups = cleanupAfterAll()

/** A second operator's mnemonic (the devnet account alice's, public). */
const OTHER_MNEMONIC =
  'gap around muffin visual plastic catalog limb beef oyster captain emotion rookie absent soup cake vendor reveal hill fan ivory merit art evidence inch'
const CHAIN_ID = 'gentx-e2e-1'

let home = ''
let op = ''
let nodeId = ''
let gentxFile = ''

const sdkd = (...args: string[]) => runSdkd(['--home', home, ...args])

beforeAll(async () => {
  const t = await tempDir('sdkd-gentx-')
  cleanups.push(t.cleanup)
  home = t.dir
  const init = await sdkd('init', 'node0', '--chain-id', CHAIN_ID)
  expect(init.code, init.stderr).toBe(0)
  nodeId = JSON.parse(init.stderr.trim().split('\n').at(-1)!).node_id
  op = await recoverKey(home, 'op', ABANDON_MNEMONIC)
  await recoverKey(home, 'other', OTHER_MNEMONIC)
  gentxFile = join(home, 'config/gentx', `gentx-${nodeId}.json`)
})

describe('sdkd genesis gentx', () => {
  it('refusal: an account without a genesis balance, or with less than the amount, is refused as upstream', async () => {
    let r = await sdkd('genesis', 'gentx', 'op', '1000000stake')
    expect(r.stderr).toContain(
      `Error: failed to validate account in genesis: account ${op} does not have a balance in the genesis state`,
    )
    expect(r.code).toBe(1)
    expect((await sdkd('genesis', 'add-genesis-account', 'op', '500stake')).code).toBe(0)
    r = await sdkd('genesis', 'gentx', 'op', '1000000stake')
    expect(r.stderr).toContain(
      `Error: failed to validate account in genesis: account ${op} has a balance in genesis, but it only has 500stake available to stake, not 1000000stake`,
    )
    expect(r.code).toBe(1)
    expect(
      (await sdkd('genesis', 'add-genesis-account', 'op', '5000000stake', '--append')).code,
    ).toBe(0)
  })

  it.each([
    [['nokey', '1000000stake'], "Error: failed to fetch 'nokey' from the keyring: "],
    [
      ['op', '1000000stake', '--commission-rate', '0.3'],
      'Error: failed to build create-validator message: commission cannot be more than the max rate',
    ],
    [
      ['op', '1000000stake', '--commission-max-rate', '1.5'],
      'Error: failed to build create-validator message: commission cannot be more than 100%',
    ],
    [
      ['op', '1000000stake', '--commission-max-change-rate', '0.5'],
      'Error: failed to build create-validator message: commission change rate cannot be more than the max rate',
    ],
    [
      ['op', '1000000stake', '--min-self-delegation', '0'],
      'Error: failed to build create-validator message: minimum self delegation must be a positive integer',
    ],
    [
      ['op', '1000000stake', '--chain-id', 'other-chain'],
      `Error: --chain-id "other-chain" is not the genesis chain id "${CHAIN_ID}"`,
    ],
  ])('refusal: gentx %j', async (args, message) => {
    const r = await sdkd('genesis', 'gentx', ...args, '--ip', '10.0.0.1')
    expect(r.stderr).toContain(message)
    expect(r.code).toBe(1)
  })

  it('behavior: gentx writes a signed MsgCreateValidator to config/gentx/gentx-<node id>.json with upstream defaults', async () => {
    const r = await sdkd('genesis', 'gentx', 'op', '1000000stake', '--ip', '10.0.0.1')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe(`Genesis transaction written to "${gentxFile}"\n`)
    const text = await readFile(gentxFile, 'utf8')
    // One compact JSON document and a newline, as upstream's TxJSONEncoder writes it.
    expect(text.endsWith('}\n')).toBe(true)
    expect(text.trim().includes('\n')).toBe(false)
    const json = JSON.parse(text)
    const own = JSON.parse(await readFile(join(home, 'config/priv_validator_key.json'), 'utf8'))
    expect(json.body.memo).toBe(`${nodeId}@10.0.0.1:26656`)
    expect(json.body.messages).toEqual([
      {
        '@type': '/sdk.staking.v1beta1.MsgCreateValidator',
        description: {
          moniker: 'node0',
          identity: '',
          website: '',
          security_contact: '',
          details: '',
        },
        commission: {
          rate: '0.100000000000000000',
          max_rate: '0.200000000000000000',
          max_change_rate: '0.010000000000000000',
        },
        min_self_delegation: '1',
        delegator_address: '',
        validator_address: 'sdkvaloper19rl4cm2hmr8afy4kldpxz3fka4jguq0azdjv7q',
        pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: own.pub_key.value },
        value: { denom: 'stake', amount: '1000000' },
      },
    ])
    expect(json.auth_info.fee.gas_limit).toBe('200000')
    expect(json.auth_info.signer_infos[0].sequence).toBe('0')
    // The signature verifies over the direct sign doc with account number 0 and the genesis chain id.
    const registry = protoRegistry()
    const tx = txFromJson(registry, json)
    const doc = signBytes(registry, {
      bodyBytes: encodeTxBody(registry, tx),
      authInfoBytes: encodeAuthInfo(registry, tx),
      chainId: CHAIN_ID,
      accountNumber: 0n,
    })
    const pubKey = fromBase64Strict(json.auth_info.signer_infos[0].public_key.key)!
    expect(verifySecp256k1(pubKey, doc, fromBase64Strict(json.signatures[0])!)).toBe(true)
  })

  it('refusal: a second gentx never overwrites the file', async () => {
    const r = await sdkd('genesis', 'gentx', 'op', '1000000stake', '--ip', '10.0.0.1')
    expect(r.stderr).toContain(
      `Error: failed to write signed gen tx: open ${gentxFile}: file exists`,
    )
    expect(r.code).toBe(1)
  })
})

describe('sdkd genesis collect-gentxs and validate-genesis', () => {
  it('behavior: collect-gentxs puts every gentx in genutil.gen_txs and the other nodes in persistent_peers', async () => {
    // A second validator's gentx, made here with its own node id, consensus key and moniker.
    expect((await sdkd('genesis', 'add-genesis-account', 'other', '3000000stake')).code).toBe(0)
    const key = ed25519FromSeed(new Uint8Array(32).fill(7))
    const pk = (privValidatorKeyJson(key) as { pub_key: { value: string } }).pub_key.value
    const otherId = 'ab'.repeat(20)
    const made = await sdkd(
      'genesis',
      'gentx',
      'other',
      '2000000stake',
      '--node-id',
      otherId,
      '--pubkey',
      JSON.stringify({ '@type': '/cosmos.crypto.ed25519.PubKey', key: pk }),
      '--moniker',
      'node1',
      '--ip',
      '10.0.0.2',
    )
    expect(made.code, made.stderr).toBe(0)
    const r = await sdkd('genesis', 'collect-gentxs')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe('')
    // Upstream's printInfo on stderr, as Go's json.MarshalIndent(info, "", " ") writes it: its
    // fields in their order, one-space indent, the modules' sections in name order.
    const summary = JSON.parse(r.stderr)
    expect(r.stderr).toBe(`${JSON.stringify(summary, null, 1)}\n`)
    const head = `{\n "moniker": "node0",\n "chain_id": "${CHAIN_ID}",\n "node_id": "${nodeId}",\n "gentxs_dir": "${join(home, 'config/gentx')}",\n "app_message": {\n  "auth": {\n   "`
    expect(r.stderr.slice(0, head.length)).toBe(head)
    expect(Object.keys(summary)).toEqual([
      'moniker',
      'chain_id',
      'node_id',
      'gentxs_dir',
      'app_message',
    ])
    const modules = Object.keys(summary.app_message)
    expect(modules).toEqual([...modules].sort())
    const files = (await readdir(join(home, 'config/gentx'))).sort()
    const written = await Promise.all(
      files.map(async (f) => JSON.parse(await readFile(join(home, 'config/gentx', f), 'utf8'))),
    )
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    expect(genesis.app_state.genutil.gen_txs).toEqual(written)
    expect(summary.app_message.genutil.gen_txs).toEqual(written)
    const config = parse(await readFile(join(home, 'config/config.toml'), 'utf8')) as any
    expect(config.p2p.persistent_peers).toBe(`${otherId}@10.0.0.2:26656`)

    const v = await sdkd('genesis', 'validate-genesis')
    expect(v.stdout).toBe(`File at ${join(home, 'config/genesis.json')} is a valid genesis file\n`)
    expect(v.code).toBe(0)
    // Upstream's command is `validate`; `validate-genesis` is its alias.
    const v2 = await sdkd('genesis', 'validate')
    expect([v2.code, v2.stdout, v2.stderr]).toEqual([
      0,
      `File at ${join(home, 'config/genesis.json')} is a valid genesis file\n`,
      '',
    ])
  })

  // Until an app version runs x/genutil (wired with x/staking's MsgCreateValidator), its gentxs would
  // be silently ignored: the node says so instead of starting without their validators.
  it('behavior: sdkd start delivers the gentxs at InitChain: it needs the keys of more than 2/3 of their power, then both validators are bonded and sign', async () => {
    // The node holds only its own key (1 of 3 power): no block could be committed.
    const refused = await sdkd(
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.enable=false',
      '--grpc.enable=false',
      '--instrumentation.prometheus=false',
    )
    expect(refused.stderr).toContain(
      'the validators this node signs for hold 1 of 3 voting power, not more than 2/3: no block could be committed',
    )
    expect(refused.code).toBe(1)
    // Refused before genesis is written: the start that can sign runs InitChain itself.
    expect(`${refused.stdout}${refused.stderr}`).not.toContain('initialized chain from genesis')
    // With the second validator's key beside its own, the node signs for both.
    const other = privValidatorKeyJson(ed25519FromSeed(new Uint8Array(32).fill(7)))
    await mkdir(join(home, 'config/priv_validator_keys'), { recursive: true })
    await writeFile(join(home, 'config/priv_validator_keys/node1.json'), JSON.stringify(other))
    const p = startSdkd([
      '--home',
      home,
      'start',
      '--rpc.laddr',
      'tcp://127.0.0.1:0',
      '--api.enable=false',
      '--grpc.enable=false',
      '--instrumentation.prometheus=false',
    ])
    cleanups.push(() => p.stop())
    const { rpcPort } = await boundPorts(p)
    await waitFor(
      async () => (((await rpcHeight(rpcPort)) ?? 0) >= 2 ? true : undefined),
      30_000,
      'height 2',
    )
    expect(p.output()).toContain('initialized chain from genesis')
    const rpc = `http://127.0.0.1:${rpcPort}`
    const listed = await sdkd('query', 'staking', 'validators', '--node', rpc, '--output', 'json')
    expect(listed.code, listed.stderr).toBe(0)
    const validators = JSON.parse(listed.stdout).validators as {
      description: { moniker: string }
      status: string
      tokens: string
    }[]
    expect(validators.map((v) => [v.description.moniker, v.status, v.tokens]).sort()).toEqual([
      ['node0', 'BOND_STATUS_BONDED', '1000000'],
      ['node1', 'BOND_STATUS_BONDED', '2000000'],
    ])
    const set = (await rpcCall(rpcPort, 'validators', { height: '2' })).result
    expect(set.validators.map((v: { voting_power: string }) => v.voting_power)).toEqual(['2', '1'])
    const commit = (await rpcCall(rpcPort, 'commit', { height: '1' })).result
    expect(
      commit.signed_header.commit.signatures.map((s: { block_id_flag: number }) => s.block_id_flag),
    ).toEqual([2, 2])
    // The gentxs run at InitChain's height, 0 on a chain starting at 1 (upstream's InitChain):
    // their validators' signing infos start there (it read 1 once).
    const infos = await sdkd('query', 'slashing', 'signing-infos', '--node', rpc, '-o', 'json')
    expect(infos.code, infos.stderr).toBe(0)
    expect(
      JSON.parse(infos.stdout).info.map((i: { start_height: string }) => i.start_height),
    ).toEqual(['0', '0'])
  })

  it('refusal: validate-genesis reports a bad gentx, an empty file and a missing one with upstream texts', async () => {
    const genesis = JSON.parse(await readFile(join(home, 'config/genesis.json'), 'utf8'))
    const first = genesis.app_state.genutil.gen_txs[0]
    first.body.messages.push(first.body.messages[0])
    const bad = join(home, 'bad-genesis.json')
    await writeFile(bad, JSON.stringify(genesis))
    let r = await sdkd('genesis', 'validate-genesis', bad)
    expect(r.stderr).toContain(
      `Error: error validating genesis file ${bad}: unexpected number of GenTx messages; got: 2, expected: 1`,
    )
    expect(r.code).toBe(1)
    const empty = join(home, 'empty.json')
    await writeFile(empty, '')
    r = await sdkd('genesis', 'validate-genesis', empty)
    expect(r.stderr).toContain(
      `Error: error unmarshalling genesis doc ${empty}: file is either empty or corrupt`,
    )
    expect(r.code).toBe(1)
    r = await sdkd('genesis', 'validate-genesis', join(home, 'nope.json'))
    expect(r.stderr).toContain(`Error: failed to read genesis from file ${join(home, 'nope.json')}`)
    expect(r.code).toBe(1)
    genesis.app_state.staking.params.max_validators = 0
    await writeFile(bad, JSON.stringify(genesis))
    r = await sdkd('genesis', 'validate-genesis', bad)
    expect(r.stderr).toContain(`Error: error validating genesis file ${bad}:`)
    expect(r.code).toBe(1)
  })

  it('refusal: collect-gentxs refuses an empty directory, a validator without balance, and a short balance', async () => {
    const t = await tempDir('sdkd-gentx-dir-')
    cleanups.push(t.cleanup)
    // The shared home's chain may have started (collect-gentxs then refuses it whatever the
    // gentxs): its files without data/ are a home whose genesis can still change.
    const fresh = await tempDir('sdkd-gentx-home-')
    cleanups.push(fresh.cleanup)
    const data = join(home, 'data')
    await cp(home, fresh.dir, {
      recursive: true,
      filter: (src) => src !== data && !src.startsWith(`${data}/`),
    })
    const sdkd = (...args: string[]) => runSdkd(['--home', fresh.dir, ...args])
    let r = await sdkd('genesis', 'collect-gentxs', '--gentx-dir', t.dir)
    expect(r.stderr).toContain(
      'Error: failed to get genesis app state from config: there must be at least one genesis tx',
    )
    expect(r.code).toBe(1)
    const gentx = JSON.parse(await readFile(gentxFile, 'utf8'))
    gentx.body.messages[0].value.amount = '999999999'
    await writeFile(join(t.dir, 'a.json'), JSON.stringify(gentx))
    r = await sdkd('genesis', 'collect-gentxs', '--gentx-dir', t.dir)
    expect(r.stderr).toContain(
      `Error: failed to get genesis app state from config: insufficient fund for delegation ${op}: 5000500 < 999999999`,
    )
    expect(r.code).toBe(1)
    gentx.body.messages[0].validator_address = 'sdkvaloper1qyqszqgpqyqszqgpqyqszqgpqyqszqgpv770vf'
    await writeFile(join(t.dir, 'a.json'), JSON.stringify(gentx))
    r = await sdkd('genesis', 'collect-gentxs', '--gentx-dir', t.dir)
    expect(r.stderr).toContain(
      'Error: failed to get genesis app state from config: account sdk1qyqszqgpqyqszqgpqyqszqgpqyqszqgp86df2f balance not in genesis state: map[',
    )
    expect(r.code).toBe(1)
  })
})
