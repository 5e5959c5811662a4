import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  boundPorts,
  getJson,
  LOOPBACK_PORTS,
  rpcCall,
  rpcHeight,
  runSdkd,
  type SdkdProcess,
  startSdkd,
  waitFor,
} from './sdkd.js'
import { tempDir } from './temp-dir.js'

/**
 * A devnet home (`sdkd init --devnet`) with its keyring accounts, and helpers to run real `sdkd`
 * node and CLI processes against it: the node on free 127.0.0.1 ports, txs through the CLI.
 */

export const GOV_ADDRESS = 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x'

export interface DevnetHome {
  dir: string
  chainId: string
  /** Key name → address and the mnemonic printed once by `init --devnet`. */
  accounts: Record<string, { address: string; mnemonic: string }>
  cleanup(): Promise<void>
}

/**
 * Creates a devnet home of an app version (in `brand`, or the default brand) and reads the accounts
 * `init --devnet` prints. `govParams` overrides gov params in its genesis (e.g. longer periods, so
 * that a vote sent through the CLI on a loaded machine still lands inside the voting period).
 */
export async function createDevnetHome(
  chainId = 'gov-e2e',
  govParams: Record<string, string> = {},
  appVersion = 'v2',
  brand?: 'sdk' | 'cosmos',
): Promise<DevnetHome> {
  const { dir, cleanup } = await tempDir('sdkd-gov-')
  const r = await runSdkd([
    '--home',
    dir,
    '--app-version',
    appVersion,
    'init',
    'node0',
    '--devnet',
    '--chain-id',
    chainId,
    ...(brand ? ['--brand', brand] : []),
  ])
  if (r.code !== 0) throw new Error(`sdkd init --devnet failed (${r.code}): ${r.stderr}`)
  if (Object.keys(govParams).length > 0) {
    const file = join(dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(file, 'utf8'))
    Object.assign(genesis.app_state.gov.params, govParams)
    await writeFile(file, JSON.stringify(genesis, null, 2))
  }
  const accounts: DevnetHome['accounts'] = {}
  let name = ''
  for (const line of r.stdout.split('\n')) {
    const n = /^- name: (\S+)/.exec(line)
    if (n) name = n[1]!
    const a = /^ {2}address: (\S+)/.exec(line)
    if (a) accounts[name] = { address: a[1]!, mnemonic: '' }
    const m = /^ {2}mnemonic: "(.+)"/.exec(line)
    if (m) accounts[name]!.mnemonic = m[1]!
  }
  return { dir, chainId, accounts, cleanup }
}

/** A running node of a devnet home. */
export interface RunningNode {
  p: SdkdProcess
  rpcPort: number
  apiPort: number
  rpc: string
  api: string
}

/**
 * Starts `sdkd start` on the home as `appVersion`, blocks every `blockTime`, on ports the OS picks
 * (read back from the node's log, so no other process can take them first); resolves once it commits.
 */
export async function startDevnetNode(
  home: DevnetHome,
  appVersion: string,
  blockTime = '200ms',
  extra: string[] = [],
): Promise<RunningNode> {
  const p = startSdkd([
    '--home',
    home.dir,
    '--app-version',
    appVersion,
    'start',
    ...LOOPBACK_PORTS,
    '--grpc.enable=false',
    '--timeout-commit',
    blockTime,
    ...extra,
  ])
  const { rpcPort, apiPort } = await boundPorts(p, { api: true })
  await p.waitForLog((l) => l.msg === 'committed block')
  return {
    p,
    rpcPort,
    apiPort: apiPort!,
    rpc: `tcp://127.0.0.1:${rpcPort}`,
    api: `http://127.0.0.1:${apiPort}`,
  }
}

/**
 * A devnet home (`govParams` as in `createDevnetHome`) and its node as `v2`, shared by the tests of
 * one file: made in a `beforeAll`, stopped and removed in an `afterAll`. Its fields are read inside
 * hooks and tests, once the `beforeAll` has run.
 */
export function devnetForTests(
  chainId: string,
  govParams: Record<string, string> = {},
): { readonly home: DevnetHome; readonly node: RunningNode } {
  let home: DevnetHome | undefined
  let node: RunningNode | undefined
  beforeAll(async () => {
    home = await createDevnetHome(chainId, govParams)
    node = await startDevnetNode(home, 'v2')
  }, 60_000)
  afterAll(async () => {
    await node?.p.stop()
    await home?.cleanup()
  })
  return {
    get home() {
      return home!
    },
    get node() {
      return node!
    },
  }
}

/** The node's latest committed height. */
export async function heightOf(node: RunningNode): Promise<number> {
  return waitFor(() => rpcHeight(node.rpcPort), 10_000, 'the node height')
}

/**
 * Runs `sdkd tx … --from <key> --yes --wait -o json` and returns the TxResponse JSON; with
 * `wait: false` it does not wait for a block (for manual mining): the CheckTx answer.
 */
export async function tx(
  home: DevnetHome,
  node: RunningNode,
  args: string[],
  from: string,
  { wait = true }: { wait?: boolean } = {},
): Promise<Record<string, any>> {
  const r = await runSdkd([
    '--home',
    home.dir,
    'tx',
    ...args,
    '--from',
    from,
    '--keyring-backend',
    'test',
    '--node',
    node.rpc,
    '--yes',
    ...(wait ? ['--wait'] : []),
    '-o',
    'json',
  ])
  // A tx included with a non-zero code exits 1 with the TxResponse on stdout and a line naming it.
  const failedInBlock =
    r.code === 1 &&
    wait &&
    /^Error: tx [0-9A-F]{64} failed at height \d+: code \d+ /m.test(r.stderr)
  if (r.code !== 0 && !failedInBlock)
    throw new Error(`sdkd tx ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return JSON.parse(r.stdout)
}

/** A tx that must succeed: code 0. */
export async function txOk(
  home: DevnetHome,
  node: RunningNode,
  args: string[],
  from: string,
): Promise<Record<string, any>> {
  const res = await tx(home, node, args, from)
  expect(res.raw_log).toBe('')
  expect(res.code).toBe(0)
  return res
}

/** The id a submit-proposal tx created (its submit_proposal event). */
export function proposalIdOf(res: Record<string, any>): string {
  const e = (res.events as { type: string; attributes: { key: string; value: string }[] }[]).find(
    (x) => x.type === 'submit_proposal' && x.attributes.some((a) => a.key === 'proposal_id'),
  )
  return e!.attributes.find((a) => a.key === 'proposal_id')!.value
}

/** GET a REST path of the node; returns the JSON body (throws on a non-200 status). */
export async function rest(node: RunningNode, path: string): Promise<any> {
  const { status, body } = await getJson(`${node.api}${path}`)
  if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`)
  return body
}

/** Waits until the proposal leaves its voting period; returns it. */
export async function waitForOutcome(
  node: RunningNode,
  id: string,
  timeoutMs = 40_000,
): Promise<Record<string, any>> {
  return waitFor(
    async () => {
      const { proposal } = await rest(node, `/sdk/gov/v1/proposals/${id}`)
      return ['PROPOSAL_STATUS_DEPOSIT_PERIOD', 'PROPOSAL_STATUS_VOTING_PERIOD'].includes(
        proposal.status,
      )
        ? undefined
        : proposal
    },
    timeoutMs,
    `proposal ${id} to be decided`,
  )
}

/**
 * Submits a proposal of `messages` as alice, votes yes as the validator, and ends its voting period
 * by time travel (`dev_increaseTime` of `votingSeconds`: the home's voting period, long enough that
 * no slow machine misses the vote); resolves with the decided proposal and the height after the vote.
 */
export async function decideProposal(
  home: DevnetHome,
  node: RunningNode,
  messages: Record<string, unknown>[],
  title: string,
  votingSeconds = 600,
): Promise<{ proposal: Record<string, any>; votedAt: number }> {
  const file = join(home.dir, `proposal-${title.replace(/\W+/g, '-')}.json`)
  await writeFile(
    file,
    JSON.stringify({ messages, metadata: '', deposit: '10000000stake', title, summary: title }),
  )
  const id = proposalIdOf(await txOk(home, node, ['gov', 'submit-proposal', file], 'alice'))
  await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
  const votedAt = await heightOf(node)
  const travelled = await rpcCall(node.rpcPort, 'dev_increaseTime', { seconds: votingSeconds })
  expect(travelled.error).toBe(undefined)
  return { proposal: await waitForOutcome(node, id), votedAt }
}
