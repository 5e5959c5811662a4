import { describe, expect, test } from 'vitest'
import { App } from '../../app/app.js'
import {
  type BlockContext,
  EMPTY_COMET_INFO,
  type ModuleConfigurator,
  type ValidatorUpdate,
} from '../../app/types.js'
import { EventManager } from '../../block/events.js'
import { keyFromMnemonic, pubKeyToAddress } from '../../client/keyring.js'
import { createUnsignedTx, signTx, txToJson } from '../../client/tx-builder.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { protoRegistry } from '../../codec/proto.js'
import { createLogger } from '../../logger.js'
import { createMemoryBackend } from '../../store/memory-backend.js'
import { VersionedStore } from '../../store/versioned-store.js'
import { AuthKeeper, BASE_ACCOUNT_URL } from '../auth/keeper.js'
import { createAuthModule } from '../auth/module.js'
import { createGenutilModule } from './module.js'

/**
 * x/genutil's InitGenesis on the real module manager and store: each gentx passes the genesis ante
 * checks, then reaches the MsgCreateValidator handler through the msg router; the validator set is
 * the staking keeper's. A stand-in module handles MsgCreateValidator (x/staking's handler is not
 * this module's).
 */

const registry = protoRegistry()
const CHAIN_ID = 'genutil-test'
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const key = keyFromMnemonic(MNEMONIC)
const operator = addressToBech32(pubKeyToAddress(key.pubKey))
const valoper = addressToBech32(bech32ToAddress(operator), 'sdkvaloper')
const UPDATES: ValidatorUpdate[] = [{ pubKey: new Uint8Array(32).fill(3), power: 100n }]

function gentx(chainId = CHAIN_ID, sequence = 0n) {
  const msg = registry.packAny('/sdk.staking.v1beta1.MsgCreateValidator', {
    description: { moniker: 'v0' },
    // The rates in their protobuf wire form (LegacyDec: the integer scaled by 10^18).
    commission: {
      rate: '100000000000000000',
      max_rate: '200000000000000000',
      max_change_rate: '10000000000000000',
    },
    min_self_delegation: '1',
    validator_address: valoper,
    pubkey: registry.packAny('/sdk.crypto.ed25519.PubKey', { key: new Uint8Array(32).fill(3) }),
    value: { denom: 'stake', amount: '100000000' },
  })
  const tx = createUnsignedTx({ messages: [msg], fee: { amount: [], gasLimit: 200000n } })
  return txToJson(registry, signTx(registry, tx, key, { chainId, accountNumber: 0n, sequence }))
}

async function initChain(genTxs: unknown[], accounts = [operator]) {
  const handled: Record<string, unknown>[] = []
  let applied = 0
  const auth = new AuthKeeper({ registry })
  const app = new App(
    {
      name: 'test',
      modules: [
        createAuthModule({ registry, keeper: auth }),
        {
          name: 'staking',
          consensusVersion: 1,
          registerServices: (cfg: ModuleConfigurator) =>
            cfg.registerMsg('/sdk.staking.v1beta1.MsgCreateValidator', async (m) => {
              handled.push(m as unknown as Record<string, unknown>)
              return {}
            }),
        },
        createGenutilModule({
          registry,
          auth,
          staking: {
            applyAndReturnValidatorSetUpdates: async () => {
              applied++
              return UPDATES
            },
          },
        }),
      ],
      order: {
        initGenesis: ['auth', 'staking', 'genutil'],
        preBlockers: [],
        beginBlockers: [],
        endBlockers: [],
      },
      upgrades: [],
    } as never,
    registry,
  )
  const backend = createMemoryBackend()
  const store = await VersionedStore.open({ backend })
  const branch = store.branch()
  await branch.upgradeStores({ added: app.storeNames() })
  const ctx = {
    chainId: CHAIN_ID,
    height: 1,
    time: 0n,
    header: {},
    state: branch,
    events: new EventManager(),
    comet: EMPTY_COMET_INFO,
    logger: createLogger({ level: 'error' }),
    registry,
    mode: 'deliver',
  } as unknown as BlockContext
  try {
    const updates = await app.initChain(ctx, {
      auth: {
        params: (await import('../auth/keeper.js')).defaultAuthParams(),
        accounts: accounts.map((address) => ({
          '@type': BASE_ACCOUNT_URL,
          address,
          pub_key: null,
          account_number: '0',
          sequence: '0',
        })),
      },
      genutil: { gen_txs: genTxs },
    })
    const account = await auth.getAccount(branch, bech32ToAddress(operator))
    return { updates, handled, applied, account }
  } finally {
    await backend.close()
  }
}

describe('x/genutil InitGenesis', () => {
  test('behavior: a gentx is checked, handled by the msg router, and the staking set is returned', async () => {
    const r = await initChain([gentx()])
    expect(r.updates).toEqual(UPDATES)
    expect(r.applied).toBe(1)
    expect(r.handled.map((m) => m.validator_address)).toEqual([valoper])
    // The ante checks leave the signer's public key set and its sequence one higher.
    expect(r.account?.sequence).toBe(1n)
    expect(r.account?.pubKey?.type_url).toBe('/sdk.crypto.secp256k1.PubKey')
  })

  test('behavior: without gentxs genutil returns no validator set and asks staking for none', async () => {
    const r = await initChain([])
    expect(r.updates).toEqual([])
    expect(r.applied).toBe(0)
  })

  test('refusal: a gentx signed for another chain fails the signature check with upstream text', async () => {
    await expect(initChain([gentx('other-chain')])).rejects.toThrow(
      `signature verification failed; please verify account number (0), sequence (0) and chain-id (${CHAIN_ID})`,
    )
  })

  test('refusal: a gentx at the wrong sequence, or of an account not in genesis, is refused', async () => {
    await expect(initChain([gentx(CHAIN_ID, 1n)])).rejects.toThrow(
      'account sequence mismatch, expected 0, got 1',
    )
    await expect(initChain([gentx()], [])).rejects.toThrow(`account ${operator} does not exist`)
  })

  test('refusal: the same gentx twice fails at its second delivery (the sequence moved on)', async () => {
    const tx = gentx()
    await expect(initChain([tx, tx])).rejects.toThrow(
      `failed to execute DeliverTx for '${JSON.stringify(tx)}': account sequence mismatch, expected 1, got 0`,
    )
  })
})
