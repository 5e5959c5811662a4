import { describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { canonicalVote, verifies } from '../helpers/canonical-vote.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { startKvstoreComet } from '../helpers/comet-kvstore.js'
import { boundPorts, getJson, heightAtLeast, rpcCall, runSdkd, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * The consensus-internal events over `/websocket` (NewRound, NewRoundStep, CompleteProposal, Vote,
 * ValidBlock, Polka, Lock): a height's steps as a real CometBFT publishes them (its kvstore app,
 * one validator), and on a devnet of four validators each one's prevote and precommit, signed with
 * its key over CometBFT's vote bytes.
 */

const comet = requireUpstreamTool('cometbft', 'the consensus events beside CometBFT')
const cleanups = cleanupAfterEach()

/** `sdkd devnet` (with `extra`) on a new home, RPC alone on port 0; once it has made a block. */
async function devnet(extra: string[]): Promise<{ home: string; rpcPort: number }> {
  const home = await tempDir('consensus-events-')
  cleanups.push(home.cleanup)
  const node = startSdkd([
    '--home',
    home.dir,
    'devnet',
    ...extra,
    '--rpc.laddr',
    'tcp://127.0.0.1:0',
    '--api.enable=false',
    '--grpc.enable=false',
  ])
  cleanups.push(() => node.stop())
  const { rpcPort } = await boundPorts(node)
  await heightAtLeast(rpcPort, 1, 20_000)
  return { home: home.dir, rpcPort }
}

/**
 * Event frames of `queries` on one socket, gathered until `enough` says so; `subscribed` runs once
 * every query is subscribed.
 */
async function gather(
  port: number,
  queries: string[],
  enough: (frames: any[]) => boolean,
  subscribed?: () => Promise<unknown>,
): Promise<any[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/websocket`)
  const frames: any[] = []
  let acks = 0
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no events within 30 s')), 30_000)
      ws.on('open', () => {
        for (const [id, query] of queries.entries())
          ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscribe', params: { query } }))
      })
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data))
        if (frame.error) reject(new Error(JSON.stringify(frame.error)))
        if (frame.result && !frame.result.data && ++acks === queries.length)
          subscribed?.().catch(reject)
        if (!frame.result?.data) return
        frames.push(frame.result)
        if (enough(frames)) {
          clearTimeout(timer)
          resolve()
        }
      })
      ws.on('error', reject)
    })
  } finally {
    ws.close()
  }
  return frames
}

const heightOf = (f: any) =>
  Number(
    f.data.value.height ??
      f.data.value.Vote?.height ??
      f.data.value.block?.header?.height ??
      f.data.value.header?.height,
  )

/**
 * Each frame of one whole height, from its NewRoundStep (NewHeight) to the next one's, as
 * `tm.event data.type step-or-vote-type`, and each frame's value keys.
 */
function wholeHeight(frames: any[]): { steps: string[]; keys: Record<string, string[]> } {
  const starts = frames
    .map((f, i) => (f.data.value.step === 'RoundStepNewHeight' ? i : -1))
    .filter((i) => i >= 0)
  const slice = frames.slice(starts[0], starts[1]! + 1)
  const keys: Record<string, string[]> = {}
  const steps = slice.map((f) => {
    const v = f.data.value
    const what = v.step ?? (v.Vote ? `type ${v.Vote.type}` : '')
    expect(Object.keys(f.events)).toEqual(
      f.events['tm.event'][0].startsWith('NewBlock') ? expect.any(Array) : ['tm.event'],
    )
    const type = f.events['tm.event'][0]
    keys[`${type} ${what}`] = Object.keys(v.Vote ?? v).sort()
    return `${type} ${f.data.type} ${what}`.trim()
  })
  return { steps, keys }
}

const twoNewHeights = (frames: any[]) =>
  frames.filter((f) => f.data.value.step === 'RoundStepNewHeight').length >= 2

describe.skipIf(!comet.path)(`a height's steps beside cometbft ${comet.version ?? ''}`, () => {
  test('behavior: one validator: the same events in the same order, with the same fields, as CometBFT publishes them', async () => {
    const { rpcPort } = await devnet([])
    const cometPort = await startKvstoreComet(comet.path!, cleanups)

    const [theirs, ours] = await Promise.all([
      gather(cometPort, ['tm.event EXISTS'], twoNewHeights),
      gather(rpcPort, ['tm.event EXISTS'], twoNewHeights),
    ])
    const a = wholeHeight(theirs)
    const b = wholeHeight(ours)
    expect(b.steps).toEqual(a.steps)
    expect(b.keys).toEqual(a.keys)
    expect(b.steps).toContain('Vote tendermint/event/Vote type 1')
  }, 60_000)
})

describe('votes of four validators', () => {
  test('behavior: each validator signs a prevote and a precommit of the block with its key; one not signing casts none; NewRound names the proposer', async () => {
    const { home, rpcPort } = await devnet(['--validators', '4'])
    await heightAtLeast(rpcPort, 2, 20_000)
    const rpc = async (path: string) =>
      (await getJson(`http://127.0.0.1:${rpcPort}${path}`)).body.result

    /** The votes and NewRound of `count` whole heights seen from now (while `during` runs). */
    const heights = async (count: number, during?: () => Promise<unknown>) => {
      const frames = await gather(
        rpcPort,
        ["tm.event='Vote'", "tm.event='NewRound'", "tm.event='NewBlock'"],
        (fs) => fs.filter((f) => f.events['tm.event'][0] === 'NewBlock').length > count,
        during,
      )
      const blocks = frames.filter((f) => f.events['tm.event'][0] === 'NewBlock').map(heightOf)
      return blocks.slice(1).map((h) => ({
        height: h,
        newRound: frames.find((f) => f.events['tm.event'][0] === 'NewRound' && heightOf(f) === h)!
          .data.value,
        votes: frames
          .filter((f) => f.events['tm.event'][0] === 'Vote' && heightOf(f) === h)
          .map((f) => f.data.value.Vote),
      }))
    }

    const check = async (signing: number[], count = 2, during?: () => Promise<unknown>) => {
      const seen = await heights(count, during)
      expect(seen.length).toBe(count)
      for (const { height, newRound, votes } of seen) {
        const [block, set] = await Promise.all([
          rpc(`/block?height=${height}`),
          rpc(`/validators?height=${height}`),
        ])
        const addresses = set.validators.map((v: any) => v.address)
        expect(newRound).toEqual({
          height: String(height),
          round: 0,
          step: 'RoundStepNewRound',
          proposer: {
            address: block.block.header.proposer_address,
            index: addresses.indexOf(block.block.header.proposer_address),
          },
        })
        expect(votes.map((v: any) => [v.type, v.validator_index])).toEqual([
          ...signing.map((i) => [1, i]),
          ...signing.map((i) => [2, i]),
        ])
        for (const v of votes) {
          expect(v).toMatchObject({
            height: String(height),
            round: 0,
            block_id: block.block_id,
            validator_address: addresses[v.validator_index],
            extension: null,
            extension_signature: null,
          })
          const signed = canonicalVote(
            v.type,
            height,
            v.block_id,
            v.timestamp,
            block.block.header.chain_id,
          )
          const pubKey = Buffer.from(set.validators[v.validator_index].pub_key.value, 'base64')
          expect([
            height,
            v.type,
            v.validator_index,
            verifies(pubKey, signed, v.signature),
          ]).toEqual([height, v.type, v.validator_index, true])
        }
      }
    }
    await check([0, 1, 2, 3])
    // A burst: blocks are published after the sets have moved past them (read from the store).
    await check([0, 1, 2, 3], 15, () => rpcCall(rpcPort, 'dev_mine', { blocks: 15 }))
    const off = await runSdkd([
      '--home',
      home,
      'dev',
      'signing',
      '3',
      'off',
      '--node',
      `tcp://127.0.0.1:${rpcPort}`,
    ])
    expect(off.code, off.stderr).toBe(0)
    await check([0, 1, 2])
  }, 90_000)
})
