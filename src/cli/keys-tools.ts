import { createHash, randomBytes } from 'node:crypto'
import { bech32 } from '@scure/base'
import type { Command } from 'commander'
import { brand } from '../codec/brand.js'
import { CliError } from './errors.js'
import { backendOption, confirm, keyringFor, readLine, withKeyring } from './keys-io.js'
import type { GlobalFlags } from './start-flags.js'

/** Go's bech32 limit in the SDK's DecodeAndConvert / ConvertAndEncode. */
const BECH32_LIMIT = 1023

/** `keys parse`'s text form: sigs.k8s.io/yaml of the output (keys sorted), then Println's newline. */
function yamlOf(out: { human: string; bytes: string } | { formats: string[] }): string {
  if ('formats' in out) return `formats:\n${out.formats.map((f) => `- ${f}\n`).join('')}`
  return `bytes: ${out.bytes}\nhuman: ${out.human}\n`
}

/** The bech32 forms of address bytes with each of the brand's prefixes (upstream's order). */
function bech32Formats(bytes: Uint8Array): string[] {
  const p = brand().bech32
  return [p.account, p.accountPub, p.validator, p.validatorPub, p.consensus, p.consensusPub].map(
    (prefix) => bech32.encode(prefix, bech32.toWords(bytes), BECH32_LIMIT),
  )
}

/**
 * `sdkd keys mnemonic`, `keys parse`, `keys migrate` and `keys list-key-types` (upstream's): a new
 * BIP39 mnemonic, an address between bech32 and hex, the keyring's files in upstream's form, and
 * the keyring's signing algorithms.
 */
export function registerKeysTools(keys: Command, globals: () => GlobalFlags): void {
  keys
    .command('mnemonic')
    .description(
      'create a 24-word bip39 mnemonic from the system entropy, or from your own with --unsafe-entropy (read from stdin)',
    )
    .option(
      '--unsafe-entropy',
      'prompt the user to supply their own entropy, instead of relying on the system',
    )
    .action(async (f: { unsafeEntropy?: boolean }) => {
      const { mnemonicOfEntropy } = await import('../client/key-crypto.js')
      let entropy: Uint8Array = randomBytes(32)
      if (f.unsafeEntropy) {
        const input = (
          await readLine(
            '> WARNING: Generate at least 256-bits of entropy and enter the results here:\n',
          )
        ).trim()
        if (input.length < 43)
          throw new CliError(
            `256-bits is 43 characters in Base-64, and 100 in Base-6. You entered ${input.length}, and probably want more`,
          )
        if (!(await confirm(`> Input length: ${input.length}`))) return // upstream: exit 0
        entropy = createHash('sha256').update(input).digest()
      }
      process.stdout.write(`${mnemonicOfEntropy(entropy)}\n`)
    })

  keys
    .command('parse <hex-or-bech32-address>')
    .description(
      'convert an address from bech32 to hex (its human-readable part and bytes), or from hex to its bech32 forms',
    )
    .option('-o, --output <format>', 'text|json', 'text')
    .action((text: string, f: { output: string }) => {
      if (f.output !== 'text' && f.output !== 'json')
        throw new CliError(`unsupported output format ${JSON.stringify(f.output)}: text or json`)
      const addr = text.trim()
      if (addr.length === 0) throw new CliError("couldn't parse empty input")
      let out: { human: string; bytes: string } | { formats: string[] }
      try {
        const { prefix, words } = bech32.decode(addr as `${string}1${string}`, BECH32_LIMIT)
        out = {
          human: prefix,
          bytes: Buffer.from(bech32.fromWords(words)).toString('hex').toUpperCase(),
        }
      } catch {
        if (!/^([0-9a-fA-F]{2})*$/.test(addr))
          throw new CliError("couldn't find valid bech32 nor hex data")
        out = { formats: bech32Formats(Uint8Array.from(Buffer.from(addr, 'hex'))) }
      }
      process.stdout.write(f.output === 'json' ? `${JSON.stringify(out)}\n` : `${yamlOf(out)}\n`)
    })

  keys
    .command('migrate')
    .description(
      "Migrate keys from amino to proto serialization format: every key of an SDK v0.45 keyring, or of an earlier sdkd's, written back as upstream's protobuf record",
    )
    .option(...backendOption)
    .action(async (f: { keyringBackend?: string }) => {
      const kr = await keyringFor(globals(), f.keyringBackend)
      // As upstream's MigrateAll: a key that cannot be read is named on stdout and the rest go on.
      await withKeyring(() =>
        kr.migrateAll((file, err) =>
          process.stdout.write(`migrate err for key ${file}: ${JSON.stringify(err.message)}\n`),
        ),
      )
      process.stderr.write('Keys migration has been successfully executed.\n')
    })

  keys
    .command('list-key-types')
    .description('list the signing algorithms (key types) the keyring supports')
    .action(() => {
      process.stdout.write('Supported key types/algos:\n["secp256k1"]\n')
    })
}
