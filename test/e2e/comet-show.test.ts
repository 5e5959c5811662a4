import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { toBech32 } from '@cosmjs/encoding'
import { afterAll, describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { createDevnetHome, type RunningNode, startDevnetNode } from '../helpers/devnet.js'
import { getJson, runCommand, runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { requireUpstreamTool } from '../helpers/upstream-tools.js'

/**
 * `sdkd comet show-node-id | show-validator | show-address | version`: what they print, checked
 * against the home's key files (decoded here with node:crypto and cosmjs), the running node's
 * /status, the slashing query that takes the validator's key, and cometbft's own commands.
 */

const cleanups = cleanupAfterAll()
const cometbft = requireUpstreamTool('cometbft', 'sdkd comet show-* against cometbft')

/** The 32-byte public key and the address a CometBFT key file holds (`priv_key.value` = seed ‖ public key). */
async function keyFile(path: string): Promise<{ pubKey: Buffer; address: Buffer }> {
  const json = JSON.parse(await readFile(path, 'utf8'))
  const pubKey = Buffer.from(json.priv_key.value, 'base64').subarray(32)
  return { pubKey, address: createHash('sha256').update(pubKey).digest().subarray(0, 20) }
}

describe('sdkd comet show-*', () => {
  let node: RunningNode | undefined
  afterAll(async () => node?.p.stop())

  test('behavior: the node id, the consensus key and address of a devnet home, and the versions', async () => {
    const home = await createDevnetHome('comet-show')
    cleanups.push(home.cleanup)
    const comet = (...args: string[]) => runSdkd(['--home', home.dir, 'comet', ...args])
    const nodeKey = await keyFile(join(home.dir, 'config/node_key.json'))
    const validatorKey = await keyFile(join(home.dir, 'config/priv_validator_key.json'))

    const id = await comet('show-node-id')
    expect(id.code, id.stderr).toBe(0)
    expect(id.stdout).toBe(`${nodeKey.address.toString('hex')}\n`)
    const validator = await comet('show-validator')
    expect(validator.stdout).toBe(
      `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${validatorKey.pubKey.toString('base64')}"}\n`,
    )
    const address = await runSdkd(['--home', home.dir, 'tendermint', 'show-address'])
    expect(address.stdout).toBe(`${toBech32('sdkvalcons', validatorKey.address, 90)}\n`)
    const version = await runSdkd(['--home', home.dir, 'cometbft', 'version'])
    expect(version.stdout).toBe(
      'ABCI: 2.0.0\nBlockProtocol: 11\nCometBFT: 0.38.12\nP2PProtocol: 8\n\n',
    )

    // The running node reports the same id and key, and x/slashing knows the validator by them.
    node = await startDevnetNode(home, 'v2')
    const status = (await getJson(`http://127.0.0.1:${node.rpcPort}/status`)).body
    expect(`${status.result.node_info.id}\n`).toBe(id.stdout)
    expect(status.result.validator_info.pub_key.value).toBe(validatorKey.pubKey.toString('base64'))
    expect(status.result.node_info.version).toBe('0.38.12')
    const info = await runSdkd([
      '--home',
      home.dir,
      'query',
      'slashing',
      'signing-info',
      validator.stdout.trim(),
      '--node',
      node.rpc,
      '-o',
      'json',
    ])
    expect(info.code, info.stderr).toBe(0)
    expect(`${JSON.parse(info.stdout).val_signing_info.address}\n`).toBe(address.stdout)
  })

  test('behavior: a home in brand cosmos shows upstream names', async () => {
    const home = await createDevnetHome('comet-show-cosmos', {}, 'v2', 'cosmos')
    cleanups.push(home.cleanup)
    const validatorKey = await keyFile(join(home.dir, 'config/priv_validator_key.json'))
    const shown = await runSdkd(['--home', home.dir, 'comet', 'show-validator'])
    expect(JSON.parse(shown.stdout)['@type']).toBe('/cosmos.crypto.ed25519.PubKey')
    const address = await runSdkd(['--home', home.dir, 'comet', 'show-address'])
    expect(address.stdout).toBe(`${toBech32('cosmosvalcons', validatorKey.address, 90)}\n`)
  })

  test('error: a home without its key files says which file and how to make it', async () => {
    const { dir, cleanup } = await tempDir('sdkd-comet-show-')
    cleanups.push(cleanup)
    for (const [command, file] of [
      ['show-node-id', 'node_key.json'],
      ['show-validator', 'priv_validator_key.json'],
      ['show-address', 'priv_validator_key.json'],
    ] as const) {
      const r = await runSdkd(['--home', dir, 'comet', command])
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(
        `Error: ${join(dir, 'config', file)} not found: run "sdkd init <moniker> --home ${dir}" first\n`,
      )
    }
  })

  test.skipIf(!cometbft.path)(
    `behavior: the same node id and validator key as cometbft ${cometbft.version ?? ''} reads from the home`,
    async () => {
      const home = await createDevnetHome('comet-show-cometbft')
      cleanups.push(home.cleanup)
      const ours = await runSdkd(['--home', home.dir, 'comet', 'show-node-id'])
      const theirs = await runCommand(cometbft.path!, ['show-node-id', '--home', home.dir])
      expect(theirs.code, theirs.stderr).toBe(0)
      expect(ours.stdout).toBe(theirs.stdout)
      const validator = await runCommand(cometbft.path!, ['show-validator', '--home', home.dir])
      expect(validator.code, validator.stderr).toBe(0)
      const key = JSON.parse(validator.stdout)
      expect(key.type).toBe('tendermint/PubKeyEd25519')
      const shown = await runSdkd(['--home', home.dir, 'comet', 'show-validator'])
      expect(JSON.parse(shown.stdout).key).toBe(key.value)
    },
  )
})
