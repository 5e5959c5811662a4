import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runCommand, runSdkd, SDKD_BIN } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd tx gov draft-proposal`, as upstream's: the proposal's type, metadata, deposit and message
 * fields asked one by one, then draft_proposal.json and draft_metadata.json written in the working
 * directory, byte for byte as upstream's json.MarshalIndent writes them. Submitting a draft on a
 * devnet is in client-gov.test.ts.
 */

const cleanups = cleanupAfterAll()
const DONE =
  'The draft proposal has successfully been generated.\nProposals should contain off-chain metadata, please upload the metadata JSON to IPFS.\nThen, replace the generated metadata field with the IPFS CID.\n'
const TYPES =
  'Select proposal type:\n  1. text\n  2. community-pool-spend\n  3. software-upgrade\n  4. cancel-software-upgrade\n  5. other\nEnter a number or a name: '
const METADATA_PROMPTS =
  'Enter proposal title: Enter proposal authors: Enter proposal summary: Enter proposal details: Enter proposal proposal forum url: Enter proposal vote option context: '

/** A home (brand sdk unless told) and an empty working directory. */
async function setup(initArgs: string[] = []): Promise<{ home: string; cwd: string }> {
  const t = await tempDir('sdkd-draft-')
  cleanups.push(t.cleanup)
  const home = join(t.dir, 'home')
  const r = await runSdkd(['--home', home, 'init', 'node0', ...initArgs])
  expect(r.code, r.stderr).toBe(0)
  const cwd = join(t.dir, 'work')
  await mkdir(cwd)
  return { home, cwd }
}

/** util-linux's `script`, which runs a command on a terminal of its own; undefined without it. */
function findScript(): string | undefined {
  try {
    return execFileSync('which', ['script'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}
const SCRIPT = findScript()
if (!SCRIPT)
  console.warn(
    "draft-proposal terminal test: skipped: no `script` on PATH (util-linux's, Debian's bsdutils)",
  )

function draft(home: string, cwd: string, answers: string[], args: string[] = []) {
  return runSdkd(['--home', home, 'tx', 'gov', 'draft-proposal', ...args], {
    cwd,
    input: answers.map((a) => `${a}\n`).join(''),
  })
}

describe('sdkd tx gov draft-proposal', () => {
  test('behavior: a software upgrade: the prompts in order, the authority defaulting to x/gov, both files as upstream writes them', async () => {
    const { home, cwd } = await setup()
    const r = await draft(home, cwd, [
      'software-upgrade',
      'Upgrade to v2 <now> & then',
      'Alice',
      'the next release',
      'all the details',
      'https://forum.example/t/1',
      'yes means upgrade',
      '10000000stake',
      '',
    ])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(DONE)
    expect(r.stderr).toBe(
      `${TYPES}${METADATA_PROMPTS}Enter proposal deposit: Enter msg authority (sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x): `,
    )
    expect((await readdir(cwd)).sort()).toEqual(['draft_metadata.json', 'draft_proposal.json'])
    expect(await readFile(join(cwd, 'draft_proposal.json'), 'utf8')).toBe(
      [
        '{',
        ' "messages": [',
        '  {',
        '   "@type": "/sdk.upgrade.v1beta1.MsgSoftwareUpgrade",',
        '   "authority": "sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x",',
        '   "plan": {',
        '    "name": "",',
        '    "time": "0001-01-01T00:00:00Z",',
        '    "height": "0",',
        '    "info": "",',
        '    "upgraded_client_state": null',
        '   }',
        '  }',
        ' ],',
        ' "metadata": "ipfs://CID",',
        ' "deposit": "10000000stake",',
        ' "title": "Upgrade to v2 \\u003cnow\\u003e \\u0026 then",',
        ' "summary": "the next release",',
        ' "expedited": false',
        '}',
      ].join('\n'),
    )
    expect(await readFile(join(cwd, 'draft_metadata.json'), 'utf8')).toBe(
      [
        '{',
        ' "title": "Upgrade to v2 \\u003cnow\\u003e \\u0026 then",',
        ' "authors": [',
        '  "Alice"',
        ' ],',
        ' "summary": "the next release",',
        ' "details": "all the details",',
        ' "proposal_forum_url": "https://forum.example/t/1",',
        ' "vote_option_context": "yes means upgrade"',
        '}',
      ].join('\n'),
    )
    // Owner-only, as upstream's os.WriteFile(…, 0o600).
    expect((await stat(join(cwd, 'draft_proposal.json'))).mode & 0o777).toBe(0o600)
  })

  test('behavior: a text proposal with --skip-metadata: the title and summary only, no messages, no metadata file', async () => {
    const { home, cwd } = await setup()
    // With tx flags, which it takes as upstream's does (the node is not asked).
    const r = await draft(
      home,
      cwd,
      ['1', 'Signal', 'do we agree?', ''],
      ['--skip-metadata', '--node', 'tcp://127.0.0.1:1', '--from', 'validator', '--fees', '5stake'],
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toBe(
      `${TYPES}Enter proposal title: Enter proposal summary: Enter proposal deposit: `,
    )
    expect(await readdir(cwd)).toEqual(['draft_proposal.json'])
    expect(JSON.parse(await readFile(join(cwd, 'draft_proposal.json'), 'utf8'))).toEqual({
      metadata: 'ipfs://CID',
      deposit: '',
      title: 'Signal',
      summary: 'do we agree?',
      expedited: false,
    })
  })

  test("behavior: 'other' lists the chain's messages; a MsgSend asks for its two addresses and leaves the amount to edit; brand cosmos names", async () => {
    const { home, cwd } = await setup(['--brand', 'cosmos'])
    const from = 'cosmos1e7zy2a0v4r8ma4tq62w8chx36nkpnrztwdaud7'
    // A validator's form is an address too, as upstream's prompt takes it.
    const to = toBech32('cosmosvaloper', fromBech32(from, 90).data, 90)
    const r = await draft(
      home,
      cwd,
      ['other', '/cosmos.bank.v1beta1.MsgSend', 'T', 'S', '5stake', from, to],
      ['--skip-metadata'],
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain('Select proposal message type:\n')
    expect(r.stderr).toContain('\n  ')
    expect(r.stderr).toMatch(/\n {2}\d+\. \/cosmos\.upgrade\.v1beta1\.MsgSoftwareUpgrade\n/)
    expect(r.stderr).toMatch(
      /Enter proposal deposit: Enter msg from address: Enter msg to address: $/,
    )
    expect(JSON.parse(await readFile(join(cwd, 'draft_proposal.json'), 'utf8'))).toEqual({
      messages: [
        { '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: from, to_address: to, amount: [] },
      ],
      metadata: 'ipfs://CID',
      deposit: '5stake',
      title: 'T',
      summary: 'S',
      expedited: false,
    })
  })

  test('behavior: from a pipe, a refused answer or the end of input stops with upstream’s words, exit 1, nothing written', async () => {
    const { home, cwd } = await setup()
    const cases: [string[], string[], string][] = [
      [[], [], 'failed to prompt proposal types: EOF'],
      [['9'], [], 'failed to prompt proposal types: invalid choice: 9'],
      [
        ['text'],
        [],
        'failed to set proposal metadata: failed to set proposal metadata: failed to prompt for title: EOF',
      ],
      [
        ['text', 'T', 'A', 'S', 'D', 'U'],
        [],
        'failed to set proposal metadata: failed to set proposal metadata: failed to prompt for voteoptioncontext: EOF',
      ],
      [
        ['text', ''],
        ['--skip-metadata'],
        'failed to set proposal metadata: failed to set proposal title: input cannot be empty',
      ],
      [
        ['text', 'T', 'S', '1.5stake'],
        ['--skip-metadata'],
        'failed to set proposal deposit: invalid coins: invalid decimal coin expression: 1.5stake',
      ],
      [
        // The authority left to its default, the recipient of another chain.
        ['community-pool-spend', 'T', 'S', '', '', 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn'],
        ['--skip-metadata'],
        'failed to set proposal message: failed to prompt for recipient: invalid address: invalid Bech32 prefix; expected sdkvalcons, got cosmos',
      ],
    ]
    for (const [answers, args, message] of cases) {
      const r = await draft(home, cwd, answers, args)
      expect([r.code, r.stdout, r.stderr.slice(r.stderr.lastIndexOf(': Error: ') + 2)]).toEqual([
        1,
        '',
        `Error: ${message}\n`,
      ])
      expect(await readdir(cwd)).toEqual([])
    }
  })

  test.skipIf(!SCRIPT)(
    'behavior: at a terminal, a refused answer is asked again (its reason shown) and the draft is written',
    async () => {
      const { home, cwd } = await setup()
      const command = [process.execPath, SDKD_BIN, '--home', home, 'tx', 'gov', 'draft-proposal']
      const r = await runCommand(
        SCRIPT!,
        ['-qec', `${command.map((w) => `'${w}'`).join(' ')} --skip-metadata`, '/dev/null'],
        { cwd, input: 'text\nT\nS\n1.5stake\n5stake\n' },
      )
      expect(r.code, r.stdout).toBe(0)
      // The terminal joins both streams and ends lines with CR LF.
      const screen = r.stdout.replaceAll('\r\n', '\n')
      expect(screen).toContain(
        'Enter proposal deposit: invalid coins: invalid decimal coin expression: 1.5stake\nEnter proposal deposit: ',
      )
      expect(screen.endsWith(DONE)).toBe(true)
      expect(JSON.parse(await readFile(join(cwd, 'draft_proposal.json'), 'utf8'))).toMatchObject({
        deposit: '5stake',
        title: 'T',
      })
    },
  )
})
