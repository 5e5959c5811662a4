import { DirectSecp256k1HdWallet, type OfflineDirectSigner } from '@cosmjs/proto-signing'
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { bech32 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { rpcCall, startCosmosDevnet } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Unmodified cosmjs sending from an account a devnet impersonates (`dev_impersonate`): the
 * client's signer names that account and signs with a key of its own, which the node neither
 * checks nor stores for it.
 */

const cleanups = cleanupAfterEach()

/** A brand cosmos account no key is known for: 20 bytes of 7. */
const WHALE = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(7)))
const FEE = { amount: [{ denom: 'stake', amount: '5000' }], gas: '200000' }

describe('cosmjs and an impersonated account', () => {
  test("behavior: SigningStargateClient.sendTokens from an impersonated account, signed by another key: delivered, the fee paid, the account's key left unset", async () => {
    const home = await tempDir('cosmjs-impersonate-')
    cleanups.push(home.cleanup)
    const node = await startCosmosDevnet(home.dir, 'impersonate-e2e')
    cleanups.push(() => node.p.stop('SIGKILL'))
    const dev = async (method: string, params: Record<string, unknown>) => {
      const reply = await rpcCall(node.rpcPort, method, params)
      expect(reply.error).toBeUndefined()
      return reply.result
    }
    await dev('dev_fund', { address: WHALE, coins: '1000000stake' })

    // Any key: the signer says it is the whale's.
    const wallet = await DirectSecp256k1HdWallet.generate(12, { prefix: 'cosmos' })
    const [own] = await wallet.getAccounts()
    const signer: OfflineDirectSigner = {
      getAccounts: async () => [{ address: WHALE, algo: 'secp256k1', pubkey: own!.pubkey }],
      signDirect: (_address, doc) => wallet.signDirect(own!.address, doc),
    }
    const client = await SigningStargateClient.connectWithSigner(node.rpc, signer)
    const to = own!.address

    // Not impersonated yet: the node refuses the other key, as upstream's ante handler does.
    await expect(
      client.sendTokens(WHALE, to, [{ denom: 'stake', amount: '1000' }], FEE),
    ).rejects.toThrow(/pubKey does not match signer address cosmos1/)

    expect(await dev('dev_impersonate', { address: WHALE })).toEqual({
      auto: false,
      addresses: [WHALE],
    })
    const sent = await client.sendTokens(WHALE, to, [{ denom: 'stake', amount: '1000' }], FEE)
    expect([sent.code, sent.rawLog]).toEqual([0, ''])
    const again = await client.sendTokens(WHALE, to, [{ denom: 'stake', amount: '1000' }], FEE)
    expect(again.code).toBe(0)

    const reader = await StargateClient.connect(node.rpc)
    expect(await reader.getAccount(WHALE)).toMatchObject({ pubkey: null, sequence: 2 })
    expect(await reader.getBalance(WHALE, 'stake')).toEqual({
      denom: 'stake',
      amount: String(1_000_000 - 2 * (1000 + 5000)),
    })
    expect(await reader.getBalance(to, 'stake')).toEqual({ denom: 'stake', amount: '2000' })
    reader.disconnect()
    client.disconnect()
  }, 60_000)
})
