import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  decideProposal,
  GOV_ADDRESS,
  rest,
  startDevnetNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * x/bank's governance messages, as upstream v0.50's msg server: MsgSetSendEnabled turns a denom's
 * transfers off and back to the default, MsgUpdateParams replaces the params (their deprecated
 * `send_enabled` list becomes per-denom entries), and a message the handler refuses fails its
 * proposal with the handler's text.
 */

const cleanups = cleanupAfterEach()

describe('x/bank MsgSetSendEnabled, and x/bank and x/auth MsgUpdateParams, through governance (e2e)', () => {
  test('behavior: a passed proposal disables token transfers (code 5 in the block), another restores them through the params; duplicate entries fail the proposal with upstream text; x/auth params change the memo limit, a zero one fails its proposal', async () => {
    // A voting period no slow machine outlasts between the submit and the vote; time travel ends it.
    const h = await createDevnetHome('bank-params-e2e', { voting_period: '600s' })
    cleanups.push(h.cleanup)
    const node = await startDevnetNode(h, 'v2', '100ms')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const alice = h.accounts.alice!.address
    const bob = h.accounts.bob!.address

    let n = 0
    const decide = async (messages: Record<string, unknown>[]) =>
      (await decideProposal(h, node, messages, `bank ${++n}`)).proposal
    const sendEnabled = async () =>
      (await rest(node, '/sdk/bank/v1beta1/send_enabled?denoms=token&denoms=stake')).send_enabled

    const off = await decide([
      {
        '@type': '/sdk.bank.v1beta1.MsgSetSendEnabled',
        authority: GOV_ADDRESS,
        send_enabled: [{ denom: 'token', enabled: false }],
        use_default_for: [],
      },
    ])
    expect(off.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await sendEnabled()).toEqual([{ denom: 'token', enabled: false }])
    // Refused in the block, as upstream: the ante passes, the message does not.
    const refused = await tx(h, node, ['bank', 'send', alice, bob, '5token'], 'alice')
    expect(refused).toMatchObject({
      code: 5,
      codespace: 'bank',
      raw_log:
        'failed to execute message; message index: 0: token transfers are currently disabled: send transactions are disabled',
    })
    // Other denoms still move.
    await txOk(h, node, ['bank', 'send', alice, bob, '5stake'], 'alice')

    // Back to the default, and the params replaced: the deprecated list becomes a per-denom entry.
    const restored = await decide([
      {
        '@type': '/sdk.bank.v1beta1.MsgSetSendEnabled',
        authority: GOV_ADDRESS,
        send_enabled: [],
        use_default_for: ['token'],
      },
      {
        '@type': '/sdk.bank.v1beta1.MsgUpdateParams',
        authority: GOV_ADDRESS,
        params: { send_enabled: [{ denom: 'stake', enabled: true }], default_send_enabled: true },
      },
    ])
    expect(restored.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(await sendEnabled()).toEqual([{ denom: 'stake', enabled: true }])
    expect((await rest(node, '/sdk/bank/v1beta1/params')).params).toEqual({
      send_enabled: [],
      default_send_enabled: true,
    })
    const sent = await txOk(h, node, ['bank', 'send', alice, bob, '5token'], 'alice')
    expect(sent.code).toBe(0)

    // The handler's refusal fails the proposal with its text; nothing of it is applied.
    const duplicate = await decide([
      {
        '@type': '/sdk.bank.v1beta1.MsgSetSendEnabled',
        authority: GOV_ADDRESS,
        send_enabled: [
          { denom: 'token', enabled: false },
          { denom: 'token', enabled: true },
        ],
        use_default_for: [],
      },
    ])
    expect(duplicate).toMatchObject({
      status: 'PROPOSAL_STATUS_FAILED',
      failed_reason: 'duplicate denom entries found for "token": invalid request',
    })
    expect(await sendEnabled()).toEqual([{ denom: 'stake', enabled: true }])

    // x/auth's params the same way: a memo longer than the new limit is refused at CheckTx.
    const auth = (await rest(node, '/sdk/auth/v1beta1/params')).params
    const memo = await decide([
      {
        '@type': '/sdk.auth.v1beta1.MsgUpdateParams',
        authority: GOV_ADDRESS,
        params: { ...auth, max_memo_characters: '10' },
      },
    ])
    expect(memo.status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await rest(node, '/sdk/auth/v1beta1/params')).params).toEqual({
      ...auth,
      max_memo_characters: '10',
    })
    const long = await runSdkd([
      ...['--home', h.dir, 'tx', 'bank', 'send', alice, bob, '1stake', '--note', 'eleven char'],
      ...['--keyring-backend', 'test', '--node', node.rpc, '--yes', '-o', 'json'],
    ])
    // As upstream: a sync broadcast prints CheckTx's refusal and exits 0.
    expect(long.code).toBe(0)
    expect(JSON.parse(long.stdout)).toMatchObject({
      code: 12,
      codespace: 'sdk',
      raw_log: 'maximum number of characters is 10 but received 11 characters: memo too large',
    })
    const zero = await decide([
      {
        '@type': '/sdk.auth.v1beta1.MsgUpdateParams',
        authority: GOV_ADDRESS,
        params: { ...auth, tx_sig_limit: '0' },
      },
    ])
    expect(zero).toMatchObject({
      status: 'PROPOSAL_STATUS_FAILED',
      failed_reason: 'invalid tx signature limit: 0',
    })
  }, 180_000)
})
