import { expect } from 'vitest'
import { keyFromMnemonic, pubKeyToAddress } from '../../src/client/keyring.js'
import { createNodeClient, type RpcEvent } from '../../src/client/node-client.js'
import { createUnsignedTx, encodeTxRaw, signTx } from '../../src/client/tx-builder.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { type AnyMessage, protoRegistry } from '../../src/codec/proto.js'
import { parseRfc3339 } from '../../src/codec/time.js'
import { type DevnetHome, GOV_ADDRESS, type RunningNode } from './devnet.js'
import { getJson, rpcCall } from './sdkd.js'

/**
 * Governance against a real `sdkd start` process of a devnet home, as a client library would drive
 * it: txs signed here by the devnet `validator` key (all the voting power) and broadcast over the
 * RPC (`broadcast_tx_sync`), blocks made by the dev API in manual mining (`dev_mine`), voting
 * periods ended by time travel (`dev_increaseTime`). Every block is one the test asked for, so the
 * heights are known in advance.
 */

const registry = protoRegistry()
/** VOTE_OPTION_YES */
const YES = 1
const GAS_LIMIT = 1_000_000n
const SECOND_NS = 1_000_000_000n

/** A plan as MsgSoftwareUpgrade carries it. */
export interface PlanParameters {
  name: string
  height: number
  info?: string
}

/** MsgSoftwareUpgrade by the gov authority, packed for a proposal. */
export function softwareUpgrade(plan: PlanParameters): AnyMessage {
  return registry.packAny('/sdk.upgrade.v1beta1.MsgSoftwareUpgrade', {
    authority: GOV_ADDRESS,
    plan: { name: plan.name, height: String(plan.height), info: plan.info ?? '' },
  })
}

/** MsgCancelUpgrade by the gov authority, packed for a proposal. */
export function cancelUpgrade(): AnyMessage {
  return registry.packAny('/sdk.upgrade.v1beta1.MsgCancelUpgrade', { authority: GOV_ADDRESS })
}

/** A node process's RPC and REST, driven as above. */
export interface Governor {
  /** Calls a dev API method; its result (an RPC error throws). */
  dev(method: string, params?: Record<string, unknown>): Promise<Record<string, string>>
  /** Mines `blocks` blocks; the new height. */
  mine(blocks?: number): Promise<number>
  /** Mines up to `height`; the new height. */
  mineTo(height: number): Promise<number>
  /** GETs a REST path; the body of a 200 answer (anything else throws). */
  rest(path: string): Promise<any>
  /** Signs and broadcasts one tx of `messages`, mines the block that includes it; its height and events. */
  deliver(messages: AnyMessage[]): Promise<{ height: number; events: RpcEvent[] }>
  /** Submits a proposal with the min deposit (voting starts) and votes yes on it; its id. */
  propose(messages: AnyMessage[], title: string): Promise<string>
  /** The proposal as REST shows it. */
  proposal(id: string): Promise<Record<string, any>>
  /**
   * Ends the proposal's voting period in the next block: `dev_increaseTime` by the whole seconds
   * from the last block to its `voting_end_time`, then one block; returns that block's height.
   */
  endVoting(id: string): Promise<number>
  /** propose + endVoting; the proposal must pass. Returns its id and the height of its tally. */
  pass(messages: AnyMessage[], title: string): Promise<{ id: string; height: number }>
}

/** A Governor for the node whose RPC and REST listen on these ports, signing with `mnemonic`. */
export function createGovernor(o: {
  rpcPort: number
  apiPort: number
  chainId: string
  mnemonic: string
}): Governor {
  const client = createNodeClient({ url: `http://127.0.0.1:${o.rpcPort}`, registry })
  const key = keyFromMnemonic(o.mnemonic)
  const address = addressToBech32(pubKeyToAddress(key.pubKey))
  let minDeposit: { denom: string; amount: string }[] | undefined

  const g: Governor = {
    async dev(method, params = {}) {
      const reply = await rpcCall(o.rpcPort, method, params)
      if (!reply.result) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`)
      return reply.result
    },
    async mine(blocks = 1) {
      return Number((await g.dev('dev_mine', { blocks })).height)
    },
    async mineTo(height) {
      return Number((await g.dev('dev_mineTo', { height })).height)
    },
    async rest(path) {
      const { status, body } = await getJson(`http://127.0.0.1:${o.apiPort}${path}`)
      if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`)
      return body
    },
    async deliver(messages) {
      const account = await client.account(address)
      if (!account) throw new Error(`no account ${address}`)
      const tx = signTx(
        registry,
        createUnsignedTx({ messages, fee: { amount: [], gasLimit: GAS_LIMIT } }),
        key,
        { chainId: o.chainId, accountNumber: account.accountNumber, sequence: account.sequence },
      )
      const checked = await client.broadcastTx(encodeTxRaw(registry, tx), 'sync')
      expect(checked.log, 'CheckTx').toBe('')
      expect(checked.code).toBe(0)
      const height = await g.mine(1)
      const included = await client.tx(checked.hash)
      expect(included?.result.log, 'the tx result').toBe('')
      expect([included?.height, included?.result.code]).toEqual([height, 0])
      return { height, events: included!.result.events }
    },
    async propose(messages, title) {
      minDeposit ??= (await g.rest('/sdk/gov/v1/params/deposit')).params.min_deposit
      const submit = registry.packAny('/sdk.gov.v1.MsgSubmitProposal', {
        messages,
        initial_deposit: minDeposit,
        proposer: address,
        metadata: '',
        title,
        summary: title,
        expedited: false,
      })
      const { events } = await g.deliver([submit])
      const id = events
        .find((e) => e.type === 'submit_proposal')
        ?.attributes.find((a) => a.key === 'proposal_id')?.value
      expect(id).toBeDefined()
      await g.deliver([
        registry.packAny('/sdk.gov.v1.MsgVote', {
          proposal_id: id,
          voter: address,
          option: YES,
          metadata: '',
        }),
      ])
      return id!
    },
    async proposal(id) {
      return (await g.rest(`/sdk/gov/v1/proposals/${id}`)).proposal
    },
    async endVoting(id) {
      const end = parseRfc3339((await g.proposal(id)).voting_end_time)
      const last = parseRfc3339((await g.dev('dev_status')).last_block_time!)
      if (end > last) {
        const seconds = (end - last + SECOND_NS - 1n) / SECOND_NS
        await g.dev('dev_increaseTime', { seconds: Number(seconds) })
      }
      return g.mine(1)
    },
    async pass(messages, title) {
      const id = await g.propose(messages, title)
      const height = await g.endVoting(id)
      expect((await g.proposal(id)).status).toBe('PROPOSAL_STATUS_PASSED')
      return { id, height }
    },
  }
  return g
}

/** A Governor (dev API + signed txs of the devnet's `validator`) for a node of the home. */
export function governorOf(home: DevnetHome, node: RunningNode): Governor {
  return createGovernor({
    rpcPort: node.rpcPort,
    apiPort: node.apiPort,
    chainId: home.chainId,
    mnemonic: home.accounts.validator!.mnemonic,
  })
}

/**
 * Passes a software-upgrade proposal on the running node (manual mining, time travel to the end of
 * the vote), mines up to the block before the plan's height (by default a few blocks after the
 * tally), then lets the node make blocks every 100 ms again: the next block is the plan's height,
 * where v1 halts. Returns the plan's height.
 */
export async function upgradeThroughGovernance(
  g: Governor,
  plan: { name: string; info?: string; height?: number },
): Promise<number> {
  await g.dev('dev_setMining', { mode: 'manual' })
  const now = Number((await g.dev('dev_status')).height)
  // Two blocks for the proposal and the vote, one for the tally, then a few more.
  const height = plan.height ?? now + 6
  await g.pass(
    [softwareUpgrade({ name: plan.name, height, ...(plan.info ? { info: plan.info } : {}) })],
    `Upgrade to ${plan.name}`,
  )
  await g.mineTo(height - 1)
  expect(await g.rest('/sdk/upgrade/v1beta1/current_plan')).toMatchObject({
    plan: { name: plan.name, height: String(height) },
  })
  await g.dev('dev_setMining', { mode: 'interval', interval: '100ms' })
  return height
}
