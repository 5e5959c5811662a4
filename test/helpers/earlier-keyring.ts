import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keyFromMnemonic, pubKeyToAddress } from '../../src/client/keyring.js'
import { addressToBech32 } from '../../src/codec/address.js'
import { toHex } from '../../src/codec/bytes.js'

/**
 * Writes a local key into a keyring directory as sdkd wrote keys before it wrote upstream's files:
 * `<name>.info` its own JSON, `<address hex>.address` the name alone. Returns the key's address
 * (in the process's brand) and its keys.
 */
export async function writeEarlierSdkdKey(
  keyringDir: string,
  name: string,
  mnemonic: string,
): Promise<{ address: string; privateKey: Uint8Array; pubKey: Uint8Array }> {
  const key = keyFromMnemonic(mnemonic)
  const bytes = pubKeyToAddress(key.pubKey)
  const address = addressToBech32(bytes)
  const json = {
    name,
    type: 'local',
    algo: 'secp256k1',
    address,
    pub_key: Buffer.from(key.pubKey).toString('base64'),
    priv_key: toHex(key.privateKey),
    hd_path: "m/44'/118'/0'/0/0",
  }
  await writeFile(join(keyringDir, `${name}.info`), `${JSON.stringify(json)}\n`)
  await writeFile(join(keyringDir, `${toHex(bytes)}.address`), name)
  return { address, ...key }
}
