import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** A consensus key of a test validator: its seed, public key and address. */
export interface TestValidatorKey {
  seed: Buffer
  pubKey: Buffer
  /** Upper-case hex consensus address (sha256(pubKey)[:20]). */
  address: string
  power: bigint
}

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The ed25519 key of seed `fill` repeated 32 times (fixed, so tests see the same addresses). */
export function testValidatorKey(fill: number, power: bigint): TestValidatorKey {
  const seed = Buffer.alloc(32, fill)
  const priv = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const pubKey = createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(-32)
  const address = createHash('sha256').update(pubKey).digest().subarray(0, 20).toString('hex')
  return { seed, pubKey, address: address.toUpperCase(), power }
}

/** priv_validator_key.json of a key (CometBFT's format). */
function keyFile(k: TestValidatorKey): string {
  return `${JSON.stringify(
    {
      address: k.address,
      pub_key: { type: 'tendermint/PubKeyEd25519', value: k.pubKey.toString('base64') },
      priv_key: {
        type: 'tendermint/PrivKeyEd25519',
        value: Buffer.concat([k.seed, k.pubKey]).toString('base64'),
      },
    },
    null,
    2,
  )}\n`
}

/**
 * Makes an initialised home one of several validators: genesis consensus.validators lists `keys`
 * (with their powers), the first is the node's own priv_validator_key.json, and the ones at the
 * indexes `held` (default: all but the first) go to config/priv_validator_keys/ so the node signs
 * for them too.
 */
export async function writeValidators(
  home: string,
  keys: readonly TestValidatorKey[],
  held: readonly number[] = keys.map((_, i) => i).slice(1),
): Promise<void> {
  const config = join(home, 'config')
  await writeFile(join(config, 'priv_validator_key.json'), keyFile(keys[0]!))
  await mkdir(join(config, 'priv_validator_keys'), { recursive: true })
  for (const i of held)
    await writeFile(join(config, 'priv_validator_keys', `validator-${i}.json`), keyFile(keys[i]!))
  const path = join(config, 'genesis.json')
  const genesis = JSON.parse(await readFile(path, 'utf8'))
  genesis.consensus.validators = keys.map((k, i) => ({
    address: k.address,
    pub_key: { type: 'tendermint/PubKeyEd25519', value: k.pubKey.toString('base64') },
    power: k.power.toString(),
    name: `validator-${i}`,
  }))
  await writeFile(path, `${JSON.stringify(genesis, null, 2)}\n`)
}
