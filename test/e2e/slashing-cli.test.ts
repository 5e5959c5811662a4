import { join } from 'node:path'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { ABANDON_MNEMONIC as ABANDON, recoverKey, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/** `sdkd tx slashing unjail` and `sdkd query slashing …` as a user runs them, with no node. */

const cleanups = cleanupAfterEach()

async function homeWithKey(): Promise<{ home: string; alice: string }> {
  const t = await tempDir('sdkd-slashing-cli-')
  cleanups.push(t.cleanup)
  const home = join(t.dir, 'home')
  return { home, alice: await recoverKey(home, 'alice', ABANDON) }
}

describe('sdkd tx slashing unjail', () => {
  it('behavior: unjails the validator operated by --from (its sdkvaloper address)', async () => {
    const { home, alice } = await homeWithKey()
    const r = await runSdkd([
      '--home',
      home,
      'tx',
      'slashing',
      'unjail',
      '--from',
      'alice',
      '--generate-only',
      '--offline',
    ])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const valoper = toBech32('sdkvaloper', fromBech32(alice, 90).data)
    expect(JSON.parse(r.stdout).body.messages).toEqual([
      { '@type': '/sdk.slashing.v1beta1.MsgUnjail', validator_addr: valoper },
    ])
  })

  it('behavior: without --from it says what is missing', async () => {
    const { home } = await homeWithKey()
    const r = await runSdkd([
      '--home',
      home,
      'tx',
      'slashing',
      'unjail',
      '--generate-only',
      '--offline',
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('--from is required')
  })
})

describe('sdkd query slashing', () => {
  it('behavior: signing-info refuses a public key JSON that holds no ed25519 key', async () => {
    const { home } = await homeWithKey()
    const r = await runSdkd([
      '--home',
      home,
      'query',
      'slashing',
      'signing-info',
      '{"@type":"/sdk.crypto.ed25519.PubKey","key":"AAAA"}',
    ])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('invalid consensus public key')
  })

  it('behavior: the slashing queries are listed in help', async () => {
    const r = await runSdkd(['query', 'slashing', '--help'])
    expect(r.code).toBe(0)
    for (const c of ['params', 'signing-info', 'signing-infos']) expect(r.stdout).toContain(c)
  })
})
