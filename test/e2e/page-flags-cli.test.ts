import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { type DevnetHome, devnetForTests, heightOf, type RunningNode } from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * The pagination flags of the list queries, as upstream v0.50's autocli names and reads them
 * (`--page-key`, `--page-offset`, `--page-limit`, `--page-count-total`, `--page-reverse`), against a
 * running devnet node; sdkd's older names still page, hidden from `--help`.
 */

const devnet = devnetForTests('page-flags')
let home: DevnetHome
let node: RunningNode
let height: number

beforeAll(async () => {
  ;({ home, node } = devnet)
  height = await heightOf(node)
}, 60_000)

type Page = {
  balances: { denom: string }[]
  pagination: { next_key: string | null; total: string }
}

/** `sdkd query bank balances <alice> <flags>` at the fixed height: exit code, stdout, stderr. */
function balances(flags: string[]) {
  return runSdkd([
    '--home',
    home.dir,
    'query',
    'bank',
    'balances',
    home.accounts.alice!.address,
    ...flags,
    '--node',
    node.rpc,
    '--height',
    String(height),
    '-o',
    'json',
  ])
}

/** The denoms listed and the pagination of a page that must succeed. */
async function page(flags: string[]) {
  const r = await balances(flags)
  expect(r.code, `${flags.join(' ')}: ${r.stderr}`).toBe(0)
  const body = JSON.parse(r.stdout) as Page
  return { denoms: body.balances.map((b) => b.denom), pagination: body.pagination }
}

describe("sdkd list queries' pagination flags", () => {
  test('behavior: --page-limit, --page-key (base64, hex or a file), --page-offset, --page-count-total and --page-reverse page as upstream', async () => {
    const all = await page([])
    expect(all.denoms).toEqual(['stake', 'token'])
    const first = await page(['--page-limit', '1', '--page-count-total'])
    expect(first).toEqual({
      denoms: ['stake'],
      pagination: { next_key: expect.any(String), total: '2' },
    })
    const key = first.pagination.next_key!
    const hex = Buffer.from(key, 'base64').toString('hex')
    const file = join(home.dir, 'next-key.bin')
    await writeFile(file, Buffer.from(key, 'base64'))
    const second = { denoms: ['token'], pagination: { next_key: null, total: '0' } }
    expect(
      await Promise.all([
        page(['--page-limit', '1', '--page-key', key]),
        page(['--page-limit=1', `--page-key=${hex.toUpperCase()}`]),
        page(['--page-limit', '0x1', '--page-key', file]),
        page(['--page-limit', '1', '--page-offset', '1']),
      ]),
    ).toEqual([second, second, second, second])
    // A lone bool flag never takes the next word: the address after it is still the argument.
    const reversed = await runSdkd([
      '--home',
      home.dir,
      'query',
      'bank',
      'balances',
      '--page-reverse',
      home.accounts.alice!.address,
      '--node',
      node.rpc,
      '--height',
      String(height),
      '-o',
      'json',
    ])
    expect(reversed.code, reversed.stderr).toBe(0)
    expect((JSON.parse(reversed.stdout) as Page).balances.map((b) => b.denom)).toEqual([
      'token',
      'stake',
    ])
    expect(
      await Promise.all([
        page(['--page-reverse=false']),
        page(['--page-reverse=t', '--page-limit', '1']),
        page(['--page-limit', '1', '--page-count-total=false']),
      ]),
    ).toEqual([
      all,
      { denoms: ['token'], pagination: { next_key: expect.any(String), total: '0' } },
      { denoms: ['stake'], pagination: { next_key: key, total: '0' } },
    ])
  })

  test('behavior: the older names (--offset, --limit, --count-total, --reverse) still page, hidden from --help', async () => {
    expect(
      await Promise.all([
        page(['--limit', '1', '--count-total', '--reverse']),
        page(['--offset', '1', '--limit', '1']),
      ]),
    ).toEqual(
      await Promise.all([
        page(['--page-limit', '1', '--page-count-total', '--page-reverse']),
        page(['--page-offset', '1', '--page-limit', '1']),
      ]),
    )
    const help = await runSdkd(['query', 'staking', 'delegations', '--help'])
    expect(help.code).toBe(0)
    const flags = [...help.stdout.matchAll(/^ {2}(?:-\w, )?(--[\w.-]+)/gm)].map((m) => m[1])
    expect(flags).toEqual(
      expect.arrayContaining([
        '--page-key',
        '--page-offset',
        '--page-limit',
        '--page-count-total',
        '--page-reverse',
      ]),
    )
    for (const older of ['--offset', '--limit', '--count-total', '--reverse'])
      expect(flags).not.toContain(older)
  })

  test('behavior: every list query takes the upstream names', async () => {
    const alice = home.accounts.alice!.address
    const query = (args: string[]) =>
      runSdkd([
        '--home',
        home.dir,
        'query',
        ...args,
        '--page-limit',
        '1',
        '--page-count-total',
        '--page-reverse=false',
        '--node',
        node.rpc,
        '-o',
        'json',
      ])
    const validators = await query(['staking', 'validators'])
    expect(validators.code, validators.stderr).toBe(0)
    const valoper = JSON.parse(validators.stdout).validators[0].operator_address as string
    const lists = [
      ['bank', 'balances', alice],
      ['bank', 'spendable-balances', alice],
      ['bank', 'total-supply'],
      ['bank', 'send-enabled'],
      ['bank', 'denoms-metadata'],
      ['bank', 'denom-owners', 'stake'],
      ['bank', 'denom-owners-by-query', '--denom', 'stake'],
      ['auth', 'accounts'],
      ['gov', 'proposals'],
      ['gov', 'votes', '1'],
      ['gov', 'deposits', '1'],
      ['distribution', 'slashes', valoper, '0', '100'],
      ['slashing', 'signing-infos'],
      ['evidence', 'list'],
      ['staking', 'delegations', alice],
      ['staking', 'delegations-to', valoper],
      ['staking', 'unbonding-delegations', alice],
      ['staking', 'unbonding-delegations-from', valoper],
      ['staking', 'redelegations', alice],
      ['staking', 'redelegations-from', valoper],
      ['staking', 'delegator-validators', alice],
      ['comet', 'validator-set'],
      ['comet', 'validator-set-by-height', '1'],
    ]
    const answers = await Promise.all(lists.map(query))
    expect(answers.map((r, i) => [lists[i]!.slice(0, 2).join(' '), r.code, r.stderr])).toEqual(
      lists.map((args) => [args.slice(0, 2).join(' '), 0, '']),
    )
    // One record asked: past the flags, the node answers there is none.
    const one = await query(['staking', 'redelegation', alice, valoper, valoper])
    expect([one.code, one.stderr]).toEqual([
      1,
      expect.stringMatching(/^Error: rpc error: code = NotFound .* redelegation not found for /),
    ])
  })

  test("error: a bad value is refused in autocli's and pflag's words; an offset with a key is the node's refusal", async () => {
    const hint = "Run 'sdkd query bank balances --help' for usage.\n"
    const cases: [string[], string][] = [
      [
        ['--page-key', 'zz'],
        'Error: invalid argument "zz" for "--page-key" flag: input string is neither a valid file path, hex, or base64 encoded\n' +
          hint,
      ],
      [
        ['--page-limit', '-1'],
        'Error: invalid argument "-1" for "--page-limit" flag: strconv.ParseUint: parsing "-1": invalid syntax\n' +
          hint,
      ],
      [
        ['--page-reverse=maybe'],
        'Error: invalid argument "maybe" for "--page-reverse" flag: strconv.ParseBool: parsing "maybe": invalid syntax\n' +
          hint,
      ],
      [
        ['--page-offset', '1', '--page-key', 'AQ=='],
        'Error: rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = paginate: invalid request, either offset or key is expected, got both: invalid request\n',
      ],
    ]
    for (const [flags, stderr] of cases) {
      const r = await balances(flags)
      expect([r.code, r.stdout, r.stderr], flags.join(' ')).toEqual([1, '', stderr])
    }
  })
})
