import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  getJson,
  LOOPBACK_PORTS,
  runSdkd,
  startSdkd,
  waitFor,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir('sdkd-devnet-validators-')
  cleanups.push(t.cleanup)
  return join(t.dir, 'home')
}

/**
 * The fixed devnet validators 1-3 as docs/commands.md lists them: consensus keys from
 * sha256("sdkd devnet validator <i>"), operators from the mnemonic of sha256("sdkd devnet validator
 * operator <i>"). Pinned here so a change of the derivation is seen.
 */
const FIXED = [
  {
    file: 'validator-1.json',
    address: '73F153B27E6DEAE2CC7B81F25888E5A0A71DBAB8',
    pubKey: 'J2hsQSFxTGeu9omGOecCGZuD1XuN23GHhnpLnfP3GfA=',
    operator: 'sdk1hwrhfuwd766u9elx59546p5xhe5yzwdnfx06qd',
    valoper: 'sdkvaloper1hwrhfuwd766u9elx59546p5xhe5yzwdnzzuuxd',
  },
  {
    file: 'validator-2.json',
    address: 'BFEAFC885DF97E9F8ACEF38E0DF0363DD3B94DA4',
    pubKey: 'KZ2mboWqsust1cZxt0FyWzpygYMhuzMJsQD4ak//1hQ=',
    operator: 'sdk1dnyjr4yxuhcn9c6wzcmuhf00cdfn8m898l44ga',
    valoper: 'sdkvaloper1dnyjr4yxuhcn9c6wzcmuhf00cdfn8m89vmxnwa',
  },
  {
    file: 'validator-3.json',
    address: '844C9A7EA259C3E9753DBF8F3764B35D9C69888A',
    pubKey: 'zoZJwFJ7zLvy4ceuG2Xi7tB0eHPlgAKPPX8DXhKUYw4=',
    operator: 'sdk164haejj85890agjc6tz3rvz9wrm62jrk86ru4q',
    valoper: 'sdkvaloper164haejj85890agjc6tz3rvz9wrm62jrkv7s6nq',
  },
]
/** The devnet account `validator` operates validator 0. */
const VALIDATOR_ACCOUNT = 'sdk12ye7ms3rswtjlceaccfepyqfswphxt2xjr08jk'
const VALIDATOR_VALOPER = 'sdkvaloper12ye7ms3rswtjlceaccfepyqfswphxt2xe8up5k'
const BONDED_POOL = 'sdk1fl48vsnmsdzcv85q5d2q4z5ajdha8yu3qj9c7z'

/** The whole file of validator 1's key, byte for byte (CometBFT's priv_validator_key.json layout). */
const VALIDATOR_1_KEY_FILE = `{
  "address": "73F153B27E6DEAE2CC7B81F25888E5A0A71DBAB8",
  "pub_key": {
    "type": "tendermint/PubKeyEd25519",
    "value": "J2hsQSFxTGeu9omGOecCGZuD1XuN23GHhnpLnfP3GfA="
  },
  "priv_key": {
    "type": "tendermint/PrivKeyEd25519",
    "value": "STrAhpn0UbFEVm87cKZ5Cbkh8+vj3+zsuGaHDvi82e4naGxBIXFMZ672iYY55wIZm4PVe43bcYeGekud8/cZ8A=="
  }
}
`

async function genesisOf(h: string): Promise<any> {
  return JSON.parse(await readFile(join(h, 'config/genesis.json'), 'utf8'))
}

describe('devnet with several validators', () => {
  it('behavior: init --devnet --validators 4 --powers 40,30,20,10 bonds four validators with fixed keys and operators', async () => {
    const h = await home()
    const r = await runSdkd([
      '--home',
      h,
      'init',
      'node0',
      '--devnet',
      '--validators',
      '4',
      '--powers',
      '40,30,20,10',
      '--accounts',
      '3',
    ])
    expect(r.stderr).not.toMatch(/error/i)
    expect(r.code).toBe(0)
    // The operators are listed with the devnet accounts, their mnemonics public as theirs.
    for (const [i, v] of FIXED.entries())
      expect(r.stdout).toContain(
        `- name: validator${i + 1}\n  address: ${v.operator}\n  mnemonic: "`,
      )
    expect(r.stdout).toContain(
      `- validator-1: power 30, operator validator1, consensus address ${FIXED[0]!.address}, key config/priv_validator_keys/validator-1.json`,
    )

    expect(await readdir(join(h, 'config/priv_validator_keys'))).toEqual(FIXED.map((v) => v.file))
    expect(await readFile(join(h, 'config/priv_validator_keys/validator-1.json'), 'utf8')).toBe(
      VALIDATOR_1_KEY_FILE,
    )
    const own = JSON.parse(await readFile(join(h, 'config/priv_validator_key.json'), 'utf8'))

    const g = await genesisOf(h)
    expect(
      g.consensus.validators.map((v: any) => [v.address, v.pub_key.value, v.power, v.name]),
    ).toEqual([
      [own.address, own.pub_key.value, '40', 'node0'],
      ...FIXED.map((v, i) => [v.address, v.pubKey, String(30 - 10 * i), `validator-${i + 1}`]),
    ])
    const staking = g.app_state.staking
    expect(staking.last_total_power).toBe('100')
    expect(
      staking.validators.map((v: any) => [
        v.operator_address,
        v.consensus_pubkey.key,
        v.status,
        v.tokens,
        v.delegator_shares,
        v.description.moniker,
      ]),
    ).toEqual([
      [
        VALIDATOR_VALOPER,
        own.pub_key.value,
        'BOND_STATUS_BONDED',
        '40000000',
        '40000000.000000000000000000',
        'node0',
      ],
      ...FIXED.map((v, i) => [
        v.valoper,
        v.pubKey,
        'BOND_STATUS_BONDED',
        `${30 - 10 * i}000000`,
        `${30 - 10 * i}000000.000000000000000000`,
        `validator-${i + 1}`,
      ]),
    ])
    expect(staking.delegations).toEqual([
      {
        delegator_address: VALIDATOR_ACCOUNT,
        validator_address: VALIDATOR_VALOPER,
        shares: '40000000.000000000000000000',
      },
      ...FIXED.map((v, i) => ({
        delegator_address: v.operator,
        validator_address: v.valoper,
        shares: `${30 - 10 * i}000000.000000000000000000`,
      })),
    ])
    expect(staking.last_validator_powers).toEqual([
      { address: VALIDATOR_VALOPER, power: '40' },
      ...FIXED.map((v, i) => ({ address: v.valoper, power: String(30 - 10 * i) })),
    ])
    // The bonded pool holds every bonded token; each operator is funded as a devnet account.
    const balances = new Map(
      g.app_state.bank.balances.map((b: any) => [b.address, b.coins] as const),
    )
    expect(balances.get(BONDED_POOL)).toEqual([{ denom: 'stake', amount: '100000000' }])
    for (const v of FIXED)
      expect(balances.get(v.operator)).toEqual([
        { denom: 'stake', amount: '100000000000000' },
        { denom: 'token', amount: '1000000000' },
      ])
    expect(g.app_state.auth.accounts.map((a: any) => a.address)).toEqual([
      VALIDATOR_ACCOUNT,
      expect.any(String),
      expect.any(String),
      ...FIXED.map((v) => v.operator),
    ])

    const keys = await runSdkd([
      '--home',
      h,
      'keys',
      'list',
      '--keyring-backend',
      'test',
      '-o',
      'json',
    ])
    expect(JSON.parse(keys.stdout).map((k: any) => [k.name, k.address])).toEqual(
      expect.arrayContaining(FIXED.map((v, i) => [`validator${i + 1}`, v.operator])),
    )
  })

  it('behavior: the default stays one validator of power 10, with no extra key files', async () => {
    const h = await home()
    expect(
      (await runSdkd(['--home', h, 'init', 'node0', '--devnet', '--accounts', '1'])).code,
    ).toBe(0)
    const g = await genesisOf(h)
    expect(g.consensus.validators.map((v: any) => v.power)).toEqual(['10'])
    expect(g.app_state.staking.validators.map((v: any) => v.tokens)).toEqual(['10000000'])
    expect(existsSync(join(h, 'config/priv_validator_keys'))).toBe(false)
  })

  it('behavior: a re-init with fewer validators removes the key files of the ones no longer in genesis', async () => {
    const h = await home()
    const init = (n: string, more: string[] = []) =>
      runSdkd([
        '--home',
        h,
        'init',
        'node0',
        '--devnet',
        '--accounts',
        '1',
        '--validators',
        n,
        ...more,
      ])
    expect((await init('4')).code).toBe(0)
    expect((await init('2', ['--overwrite'])).code).toBe(0)
    expect(await readdir(join(h, 'config/priv_validator_keys'))).toEqual(['validator-1.json'])
    expect((await genesisOf(h)).consensus.validators).toHaveLength(2)
  })

  it.each([
    [
      ['--validators', '0'],
      `error: option '--validators <n>' argument '0' is invalid. must be a whole number from 1 to 100 (upstream's default max_validators)`,
    ],
    [
      ['--validators', '101'],
      `error: option '--validators <n>' argument '101' is invalid. must be a whole number from 1 to 100`,
    ],
    [
      ['--validators', '3', '--powers', '40,30'],
      'Error: --powers lists 2 powers but --validators is 3: give one power per validator',
    ],
    [
      ['--validators', '2', '--powers', '40,0'],
      `error: option '--powers <list>' argument '40,0' is invalid. each power must be a positive whole number (comma-separated, e.g. 40,30,20,10), got "0"`,
    ],
    [
      ['--validators', '2', '--powers', '1152921504606846975,1'],
      "Error: --powers add up to 1152921504606846976, more than CometBFT's maximum total voting power 1152921504606846975",
    ],
  ])('refusal: sdkd devnet %j is refused before anything is created', async (args, message) => {
    const h = await home()
    const r = await runSdkd(['--home', h, 'devnet', ...LOOPBACK_PORTS, ...args])
    expect(r.stderr.toLowerCase()).toContain(message.toLowerCase())
    expect(r.code).toBe(1)
    expect(existsSync(h)).toBe(false)
  })

  it('refusal: --validators without --devnet is refused by init', async () => {
    const h = await home()
    const r = await runSdkd(['--home', h, 'init', 'node0', '--validators', '2'])
    expect(r.stderr).toContain('Error: --validators and --powers apply only with --devnet')
    expect(r.code).toBe(1)
    expect(existsSync(join(h, 'config/genesis.json'))).toBe(false)
  })

  // Runs only once the node signs for several validators (the consensus side of several validators).
  it('behavior: sdkd devnet --validators 4 --powers 40,30,20,10 starts and serves the four bonded validators', async () => {
    const h = await home()
    const node = startSdkd([
      '--home',
      h,
      'devnet',
      ...LOOPBACK_PORTS,
      '--grpc.enable=false',
      '--instrumentation.prometheus=false',
      '--validators',
      '4',
      '--powers',
      '40,30,20,10',
      '--accounts',
      '1',
    ])
    cleanups.push(() => node.stop())
    const { rpcPort, apiPort } = await boundPorts(node, { api: true })
    await node.waitForLog((l) => l.msg === 'committed block')
    const vals = await waitFor(async () => {
      const { body } = await getJson(`http://127.0.0.1:${rpcPort}/validators`)
      return body?.result
    }, 10_000)
    expect(vals.total).toBe('4')
    expect(vals.validators.map((v: any) => v.voting_power)).toEqual(['40', '30', '20', '10'])
    const { body } = await getJson(`http://127.0.0.1:${apiPort}/sdk/staking/v1beta1/validators`)
    expect(
      body.validators.map((v: any) => [v.operator_address, v.status, v.tokens]).sort(),
    ).toEqual(
      [
        [VALIDATOR_VALOPER, 'BOND_STATUS_BONDED', '40000000'],
        ...FIXED.map((v, i) => [v.valoper, 'BOND_STATUS_BONDED', `${30 - 10 * i}000000`]),
      ].sort(),
    )
  })
})
