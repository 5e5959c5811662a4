import { type Command, InvalidArgumentError } from 'commander'
import { type KeyringRecord, keyOutput, recordAddress } from '../client/keyring.js'
import { brand } from '../codec/brand.js'
import { defaultHome } from '../config/paths.js'
import { CliError } from './errors.js'
import { registerKeysArmor } from './keys-armor.js'
import {
  addMnemonicInput,
  backendOption,
  confirm,
  keyringFor,
  offlinePubKey,
  readLine,
  withKeyring,
} from './keys-io.js'
import { addMultisigKey, ephemeralMultisigKey, keyNamesArg } from './keys-multisig.js'
import { registerKeysTools } from './keys-tools.js'
import { pflagIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

export { keyringFor }

/**
 * A `sdkd keys …` command line for error hints, with `--home`, `--keyring-dir` and
 * `--keyring-backend` only when the command that failed used other ones than the defaults (so the
 * line can be pasted as it is).
 */
export function keysCommand(g: GlobalFlags, words: string, backend: string | undefined): string {
  const arg = (t: string) => (/^[\w/.:@%+=,-]+$/.test(t) ? t : `'${t.replaceAll("'", "'\\''")}'`)
  const parts = ['sdkd keys', words]
  if (g.home !== (process.env.SDKD_HOME ?? defaultHome())) parts.push('--home', arg(g.home))
  if (g.keyringDir !== undefined) parts.push('--keyring-dir', arg(g.keyringDir))
  if (backend !== undefined) parts.push('--keyring-backend', arg(backend))
  return parts.join(' ')
}

/**
 * An address argument (`what`, e.g. `to_address`) as bech32; a key name there is refused with the
 * command that prints the key's address, since users often type the name the keyring knows.
 */
export async function addressNotKeyName(
  g: GlobalFlags,
  text: string,
  backend: string | undefined,
  what: string,
): Promise<string> {
  const { addressToBech32, bech32ToAddress } = await import('../codec/address.js')
  try {
    return addressToBech32(bech32ToAddress(text))
  } catch (err) {
    const named = await keyringFor(g, backend)
      .then((kr) => kr.record(text))
      .catch(() => undefined)
    // A key that exists has a name of letters, digits, '.', '_' and '-': no quoting needed.
    if (!named) throw err
    throw new CliError(
      `${what} "${text}" is a key name, not an address: give its address, which \`${keysCommand(g, `show ${text} -a`, backend)}\` prints`,
    )
  }
}

type KeyOutput = ReturnType<typeof keyOutput>

/** Upstream's YAML-like text form of key records (an ephemeral multisig key's empty name quoted). */
function keysText(keys: readonly KeyOutput[]): string {
  return keys
    .map(
      (o) =>
        `- address: ${o.address}\n  name: ${o.name === '' ? '""' : o.name}\n  pubkey: '${o.pubkey}'\n  type: ${o.type}\n`,
    )
    .join('')
}

interface AddFlags {
  multisig?: string[]
  multisigThreshold: number
  nosort?: boolean
  recover?: boolean
  interactive?: boolean
  mnemonicSrc?: string
  keyType: string
  hdPath?: string
  coinType: number
  account: number
  index: number
  /** False with `--no-backup`. */
  backup: boolean
  dryRun?: boolean
  keyringBackend?: string
  output: string
  pubkey?: string
  pubkeyBase64?: string
}

const readUint32 = pflagIntArg('uint32')

/** A hardened HD path number: upstream's uint32 flags, and at most 2147483647 to be hardened. */
function hdNumberArg(value: string): number {
  const n = readUint32(value)
  if (n > 2147483647) throw new InvalidArgumentError('expected a whole number from 0 to 2147483647')
  return n
}

/** `--multisig-threshold`: upstream's int flag (its range is checked with the keys). */
const thresholdArg = pflagIntArg('int')

interface ShowFlags {
  multisigThreshold: number
  bech: string
  address?: boolean
  pubkey?: boolean
  keyringBackend?: string
  output: string
}

/**
 * A key as `keys show --bech` prints it (upstream MkAccKeyOutput, MkValKeyOutput,
 * MkConsKeyOutput): its public key's address with the account, validator operator or consensus
 * prefix of the brand.
 */
async function inBech(record: KeyringRecord, bech: string): Promise<KeyOutput> {
  const prefixes = brand().bech32
  const prefix =
    bech === 'acc'
      ? prefixes.account
      : bech === 'val'
        ? prefixes.validator
        : bech === 'cons'
          ? prefixes.consensus
          : undefined
  if (prefix === undefined) throw new CliError(`invalid Bech32 prefix encoding provided: ${bech}`)
  const { addressToBech32 } = await import('../codec/address.js')
  return { ...keyOutput(record), address: addressToBech32(recordAddress(record), prefix) }
}

const outputOption = ['-o, --output <format>', 'text|json', 'text'] as const

/** `sdkd keys add|list|show|delete`. */
/**
 * Upstream's printCreate: in JSON the key (with its new mnemonic) on stdout; in text an empty line
 * on stderr, the key on stdout, then the mnemonic and its warning on stderr, so a script that keeps
 * stdout does not keep the mnemonic by mistake.
 */
function printCreated(key: ReturnType<typeof keyOutput>, output: string, mnemonic?: string): void {
  if (output === 'json') {
    process.stdout.write(`${JSON.stringify({ ...key, ...(mnemonic ? { mnemonic } : {}) })}\n`)
    return
  }
  process.stderr.write('\n')
  process.stdout.write(keysText([key]))
  if (mnemonic) {
    process.stderr.write(
      `\n**Important** write this mnemonic phrase in a safe place.\nIt is the only way to recover your account if you ever forget your password.\n\n${mnemonic}\n`,
    )
  }
}

export function registerKeys(program: Command, globals: () => GlobalFlags): void {
  const keys = program
    .command('keys')
    .description(
      "manage the keyring's keys (--keyring-backend test: <home>/keyring-test; file: <home>/keyring-file)",
    )

  keys
    .command('add <name>')
    .description(
      "create a key (24-word BIP39 mnemonic, HD path m/44'/118'/0'/0/0), or --recover one from a mnemonic on stdin, or store a multisig key of keyring keys (--multisig)",
    )
    .option('--recover', 'read a BIP39 mnemonic from stdin instead of generating one')
    .option(
      '-i, --interactive',
      'read a BIP39 mnemonic (an empty line: generate one) and a BIP39 passphrase from stdin',
    )
    .option(
      '--mnemonic-src <file>',
      'with --recover or --interactive: read the mnemonic from this file instead of stdin',
    )
    .option('--key-type <type>', 'key signing algorithm to generate keys for', 'secp256k1')
    .option(
      '--hd-path <path>',
      'manual HD path derivation (overrides --coin-type, --account and --index)',
    )
    .option('--coin-type <n>', 'coin type number for HD derivation', hdNumberArg, 118)
    .option(
      '--account <n>',
      'account number for HD derivation (less than equal 2147483647)',
      hdNumberArg,
      0,
    )
    .option(
      '--index <n>',
      'address index number for HD derivation (less than equal 2147483647)',
      hdNumberArg,
      0,
    )
    .option('--no-backup', "don't print out the seed phrase (if others are watching the terminal)")
    .option('--dry-run', "perform the action, but don't add the key to the keyring")
    .option(
      '--multisig <keys>',
      'key names of the keyring (comma-separated) to construct a public legacy multisig key of; no mnemonic',
      keyNamesArg,
    )
    .option(
      '--multisig-threshold <k>',
      'K out of N required signatures. For use in conjunction with --multisig',
      thresholdArg,
      1,
    )
    .option('--nosort', "keys passed to --multisig are taken in the order they're supplied")
    .option(
      '--pubkey <json>',
      'store a public key alone (an offline key, which cannot sign), from its JSON as "keys show -p" prints it',
    )
    .option('--pubkey-base64 <base64>', 'store a public key alone, from its bytes in base64')
    .option(...backendOption)
    .option(...outputOption)
    .action(async (name: string, f: AddFlags) => {
      const kr = await keyringFor(globals(), f.keyringBackend)
      // Upstream asks before replacing a key of that name (a dry run stores nothing).
      if (!f.dryRun && kr.has(name)) {
        const replace = await confirm(`override the existing name ${name}`, {
          skip: 'answer y to replace the key, or choose another name',
          untouched: 'nothing was changed',
        })
        if (!replace) throw new CliError('aborted')
        await withKeyring(() => kr.delete(name))
      }
      if (f.multisig !== undefined && f.multisig.length > 0) {
        const record = await withKeyring(() =>
          addMultisigKey(kr, name, f.multisig!, f.multisigThreshold, {
            nosort: f.nosort === true,
            dryRun: f.dryRun === true,
          }),
        )
        printCreated(keyOutput(record), f.output)
        return
      }
      if (f.pubkey !== undefined || f.pubkeyBase64 !== undefined) {
        const pubKey = offlinePubKey(f.pubkey, f.pubkeyBase64)
        const record = await withKeyring(() =>
          kr.addOffline(name, pubKey, { dryRun: f.dryRun === true }),
        )
        printCreated(keyOutput(record), f.output)
        return
      }
      if (f.keyType !== 'secp256k1')
        throw new CliError(
          `unsupported signing algo ${JSON.stringify(f.keyType)}: sdkd keys are secp256k1`,
        )
      const { mnemonic, bip39Passphrase } = await addMnemonicInput(f)
      // Upstream: the path from --hd-path, else m/44'/<coin-type>'/<account>'/0/<index>.
      const hdPath = f.hdPath ?? `m/44'/${f.coinType}'/${f.account}'/0/${f.index}`
      const { record, mnemonic: words } = await withKeyring(() =>
        kr.add(name, {
          ...(mnemonic ? { mnemonic } : {}),
          bip39Passphrase,
          hdPath,
          dryRun: f.dryRun === true,
        }),
      )
      // A recovered key's mnemonic is the user's own; a new one is shown once, unless --no-backup.
      const show = !f.recover && f.backup
      printCreated(keyOutput(record), f.output, show ? words : undefined)
    })

  keys
    .command('list')
    .description('list every key')
    .option('-n, --list-names', 'list names only')
    .option(...backendOption)
    .option(...outputOption)
    .action(async (f: { listNames?: boolean; keyringBackend?: string; output: string }) => {
      const records = await withKeyring(async () =>
        (await keyringFor(globals(), f.keyringBackend)).list(),
      )
      if (f.listNames) process.stdout.write(records.map((r) => `${r.name}\n`).join(''))
      else if (f.output === 'json')
        process.stdout.write(`${JSON.stringify(records.map(keyOutput))}\n`)
      else
        process.stdout.write(
          records.length === 0
            ? 'No records were found in keyring\n'
            : keysText(records.map(keyOutput)),
        )
    })

  keys
    .command('show <name-or-address...>')
    .description(
      'show a key; several names or addresses show the ephemeral multisig key of them (--multisig-threshold of them)',
    )
    .option('--multisig-threshold <k>', 'K out of N required signatures', thresholdArg, 1)
    .option('--bech <prefix>', 'the Bech32 prefix encoding for a key (acc|val|cons)', 'acc')
    .option('-a, --address', 'print the address only (overrides --output)')
    .option('-p, --pubkey', 'print the public key only (overrides --output)')
    .option(...backendOption)
    .option(...outputOption)
    .action(async (refs: string[], f: ShowFlags, cmd: Command) => {
      const kr = await keyringFor(globals(), f.keyringBackend)
      const record = await withKeyring(async () => {
        if (refs.length === 1) return kr.resolve(refs[0]!)
        return ephemeralMultisigKey(kr, refs, f.multisigThreshold)
      })
      // Upstream's checks, in its order, once the key is found.
      if (f.address && f.pubkey)
        throw new CliError('cannot use both --address and --pubkey at once')
      if ((f.address || f.pubkey) && cmd.getOptionValueSource('output') === 'cli')
        throw new CliError('cannot use --output with --address or --pubkey')
      const shown = await inBech(record, f.bech)
      if (f.address) process.stdout.write(`${shown.address}\n`)
      else if (f.pubkey) process.stdout.write(`${shown.pubkey}\n`)
      else if (f.output === 'json') process.stdout.write(`${JSON.stringify(shown)}\n`)
      else process.stdout.write(keysText([shown]))
    })

  keys
    .command('delete <name...>')
    .description('delete the given keys, each after a confirmation unless --yes')
    .option('-y, --yes', 'skip the confirmation prompt')
    .option('-f, --force', "remove the key unconditionally (upstream's deprecated flag; no effect)")
    .option(...backendOption)
    .action(async (names: string[], f: { yes?: boolean; keyringBackend?: string }) => {
      const kr = await keyringFor(globals(), f.keyringBackend)
      // One after the other, as upstream: a key not found stops there; a "no" skips that key.
      for (const name of names) {
        const record = await withKeyring(() => kr.record(name))
        const go =
          f.yes ||
          (await confirm('Key reference will be deleted. Continue?', {
            skip: 'pass --yes to skip it',
            untouched: `${name} was not deleted`,
          }))
        if (!go) continue
        await withKeyring(() => kr.delete(name))
        process.stderr.write(
          record.type === 'offline' || record.type === 'ledger'
            ? 'Public key reference deleted\n'
            : 'Key deleted forever (uh oh!)\n',
        )
      }
    })
  keys
    .command('rename <old_name> <new_name>')
    .description('rename an existing key')
    .option('-y, --yes', 'skip the confirmation prompt')
    .option(...backendOption)
    .action(
      async (oldName: string, newName: string, f: { yes?: boolean; keyringBackend?: string }) => {
        const kr = await keyringFor(globals(), f.keyringBackend)
        await withKeyring(() => kr.record(oldName))
        // A "no" leaves the key as it is, and exits 0 as upstream's.
        const prompt = `Key reference will be renamed from ${oldName} to ${newName}. Continue?`
        const go =
          f.yes ||
          (await confirm(prompt, {
            skip: 'pass --yes to skip it',
            untouched: 'nothing was renamed',
          }))
        if (!go) return
        await withKeyring(() => kr.rename(oldName, newName))
        process.stderr.write(`Key was successfully renamed from ${oldName} to ${newName}\n`)
      },
    )

  keys
    .command('import-hex <name> [hex]')
    .description(
      'import a hex-encoded secp256k1 private key into the keyring (read from stdin when not given)',
    )
    .option('--key-type <type>', 'private key signing algorithm kind', 'secp256k1')
    .option(...backendOption)
    .action(
      async (
        name: string,
        hex: string | undefined,
        f: { keyType: string; keyringBackend?: string },
      ) => {
        if (f.keyType !== 'secp256k1')
          throw new CliError(
            `unsupported key type ${JSON.stringify(f.keyType)}: sdkd keys are secp256k1`,
          )
        const text = (hex ?? (await readLine('Enter hex private key:\n'))).trim()
        if (!/^([0-9a-fA-F]{2}){32}$/.test(text))
          throw new CliError(
            'failed to decode provided hex value to private key: expected 64 hex characters (32 bytes)',
          )
        const kr = await keyringFor(globals(), f.keyringBackend)
        await withKeyring(() =>
          kr.importPrivateKey(name, Uint8Array.from(Buffer.from(text, 'hex'))),
        )
      },
    )

  registerKeysArmor(keys, globals)
  registerKeysTools(keys, globals)
}
