import type { Command } from 'commander'
import { anyJsonTypeUrl } from './any-json.js'
import { CliError } from './errors.js'

type Key = import('../codec/multisig.js').MultisigMember

/** A public key's proto JSON (`{"@type":…,"key":…}`, a multisig's nested), as a key. */
async function keyOfJson(json: unknown): Promise<Key> {
  const { brand } = await import('../codec/brand.js')
  const { MULTISIG_PUBKEY_URL } = await import('../codec/multisig.js')
  const url = anyJsonTypeUrl(json)
  const o = json as { key?: unknown; threshold?: unknown; public_keys?: unknown }
  const single = (type: 'secp256k1' | 'ed25519', size: number): Key => {
    const key =
      typeof o.key === 'string' ? Uint8Array.from(Buffer.from(o.key, 'base64')) : undefined
    if (key?.length !== size)
      throw new CliError(`invalid ${type} public key: expected ${size} bytes in base64`)
    return { type, key }
  }
  if (url === brand().typeUrl('/sdk.crypto.secp256k1.PubKey')) return single('secp256k1', 33)
  if (url === brand().typeUrl('/sdk.crypto.ed25519.PubKey')) return single('ed25519', 32)
  if (url === brand().typeUrl(MULTISIG_PUBKEY_URL)) {
    if (!Array.isArray(o.public_keys))
      throw new CliError('invalid multisig public key: no public_keys')
    const members: Key[] = []
    for (const m of o.public_keys) members.push(await keyOfJson(m))
    return { type: 'multisig', threshold: Number(o.threshold ?? 0), members }
  }
  throw new CliError(`unable to resolve type URL ${url}`)
}

/** The key of hex, base64 or legacy bech32 text (upstream getPubKeyFromRawString). */
async function keyOfRaw(text: string, type: 'ed25519' | 'secp256k1'): Promise<Key> {
  const ofBytes = (bz: Uint8Array): Key | undefined =>
    type === 'ed25519' && bz.length === 32
      ? { type: 'ed25519', key: bz }
      : bz.length === 33
        ? { type: 'secp256k1', key: bz }
        : undefined
  if (/^([0-9a-fA-F]{2})*$/.test(text)) {
    const k = ofBytes(Uint8Array.from(Buffer.from(text, 'hex')))
    if (k) return k
  }
  if (/^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0) {
    const k = ofBytes(Uint8Array.from(Buffer.from(text, 'base64')))
    if (k) return k
  }
  const [{ bech32 }, { brand }] = await Promise.all([
    import('@scure/base'),
    import('../codec/brand.js'),
  ])
  const p = brand().bech32
  try {
    const { prefix, words } = bech32.decode(text as `${string}1${string}`, 1023)
    if ([p.accountPub, p.validatorPub, p.consensusPub].includes(prefix)) {
      const amino = bech32.fromWords(words)
      const head = Buffer.from(amino.subarray(0, 4)).toString('hex')
      const key = Uint8Array.from(amino.subarray(5))
      if (head === 'eb5ae987' && amino[4] === 33 && key.length === 33)
        return { type: 'secp256k1', key }
      if (head === '1624de64' && amino[4] === 32 && key.length === 32)
        return { type: 'ed25519', key }
    }
  } catch {
    // not bech32: the error below
  }
  throw new CliError(`pubkey '${text}' invalid; expected hex, base64, or bech32 of correct size`)
}

/**
 * `sdkd debug pubkey <json>` and `sdkd debug pubkey-raw <key> [-t ed25519|secp256k1]` (upstream
 * client/debug): a public key's address and its other forms.
 */
export function registerDebugPubkey(debug: Command): void {
  debug
    .command('pubkey <pubkey>')
    .description('decode a pubkey from its proto JSON and print its address')
    .action(async (text: string) => {
      const { memberAddress } = await import('../client/multisig-keys.js')
      const { memberKeyBytes } = await import('../codec/multisig.js')
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch (err) {
        throw new CliError(`invalid pubkey JSON: ${(err as Error).message}`)
      }
      const key = await keyOfJson(json)
      const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
      process.stdout.write(
        `Address: ${hex(memberAddress(key)).toUpperCase()}\nPubKey Hex: ${hex(memberKeyBytes(key))}\n`,
      )
    })

  debug
    .command('pubkey-raw <pubkey>')
    .description('decode an ed25519 or secp256k1 pubkey from hex, base64, or bech32')
    .option('-t, --type <type>', 'pubkey type to decode (oneof secp256k1, ed25519)', 'ed25519')
    .action(async (text: string, f: { type: string }) => {
      const type = f.type.toLowerCase()
      if (type !== 'secp256k1' && type !== 'ed25519')
        throw new CliError('invalid pubkey type, expected oneof ed25519 or secp256k1: invalid type')
      const key = await keyOfRaw(text, type)
      if (key.type === 'multisig') throw new CliError('unreachable: a raw key is never a multisig')
      const [{ memberAddress }, { aminoPubKeyBytes }, { bech32 }, { brand }] = await Promise.all([
        import('../client/multisig-keys.js'),
        import('../codec/multisig.js'),
        import('@scure/base'),
        import('../codec/brand.js'),
      ])
      const p = brand().bech32
      const legacy = (prefix: string) =>
        bech32.encode(prefix, bech32.toWords(aminoPubKeyBytes(key)), 1023)
      const aminoName =
        key.type === 'ed25519' ? 'tendermint/PubKeyEd25519' : 'tendermint/PubKeySecp256k1'
      const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase()
      let out = ''
      if (key.type === 'ed25519') out += `Hex: ${hex(key.key)}\n`
      out += `Parsed key as ${key.type}\n`
      out += `Address: ${hex(memberAddress(key))}\n`
      out += `JSON (base64): ${JSON.stringify({ type: aminoName, value: Buffer.from(key.key).toString('base64') })}\n`
      out += `Bech32 Acc: ${legacy(p.accountPub)}\n`
      out += `Bech32 Validator Operator: ${legacy(p.validatorPub)}\n`
      // Upstream prints the consensus form whenever -t is ed25519, empty for a secp256k1 key.
      if (type === 'ed25519')
        out += `Bech32 Validator Consensus: ${key.type === 'ed25519' ? legacy(p.consensusPub) : ''}\n`
      process.stdout.write(out)
    })
}
