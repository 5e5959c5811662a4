import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { Keyring, KeyringError } from '../client/keyring.js'
import { filePassphrase } from '../client/keyring-file.js'
import { brand } from '../codec/brand.js'
import { anyJsonTypeUrl } from './any-json.js'
import { readLine as readClientLine, readClientToml, readConfirmation } from './client-context.js'
import { CliError } from './errors.js'
import type { GlobalFlags } from './start-flags.js'

// What the `sdkd keys …` commands share: the keyring they open, their prompts, their errors.

/**
 * The keyring of `--keyring-dir` (default the home) and its backend: the flag, else client.toml's
 * `keyring-backend`, else `test` (`openKeyring`).
 */
export async function keyringFor(g: GlobalFlags, backend: string | undefined): Promise<Keyring> {
  const chosen = backend ?? ((await readClientToml(g.home)).keyringBackend || 'test')
  return openKeyring(g.keyringDir ?? g.home, chosen)
}

/**
 * The keyring under `dir` of `backend`, a backend sdkd lacks refused as the CLI's error (opening
 * touches no file). The `file` backend asks for its passphrase as upstream does
 * (`filePassphrase`), once, when an item is first read or written: at a terminal without echo,
 * else a line of stdin each time it asks.
 */
export function openKeyring(dir: string, backend: string): Keyring {
  try {
    return Keyring.open(dir, backend, (keys) =>
      filePassphrase(keys, readPassword, (line) => process.stderr.write(`${line}\n`)),
    )
  } catch (err) {
    throw new CliError((err as Error).message)
  }
}

/** Reads one line from stdin ('' at its end), prompting on stderr when stdin is a terminal. */
export async function readLine(prompt: string): Promise<string> {
  return (await readClientLine(prompt)) ?? ''
}

/** Upstream's MinPassLength. */
const MIN_PASS_LENGTH = 8

/**
 * Upstream's GetPassword: at a terminal the prompt on stderr and the typed passphrase not echoed,
 * else a line of stdin (no prompt; `EOF` once stdin has ended); shorter than 8 characters is
 * refused.
 */
export async function readPassword(prompt: string): Promise<string> {
  let pass: string | undefined
  if (process.stdin.isTTY) {
    process.stderr.write(`${prompt}\n`)
    // A terminal echoes what readline writes to its output: here, nowhere.
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() })
    const rl = createInterface({ input: process.stdin, output: silent, terminal: true })
    pass = await new Promise<string>((resolve) => rl.question('', resolve))
    rl.close()
  } else {
    pass = await readClientLine('')
    if (pass === undefined) throw new CliError('EOF')
  }
  if (pass.length < MIN_PASS_LENGTH)
    throw new CliError(`password must be at least ${MIN_PASS_LENGTH} characters`)
  return pass
}

/** Runs a keyring operation, its refusals as CLI errors. */
export async function withKeyring<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof KeyringError) throw new CliError(err.message)
    throw err
  }
}

export const backendOption = [
  '--keyring-backend <backend>',
  'keyring backend (sdkd supports test and file)',
] as const

/**
 * A `[y/N]` confirmation as upstream's GetConfirmation reads it: true for an answer starting with
 * y or Y; stdin ending before any answer is upstream's `EOF`, which `noAnswer` (how to do without
 * the prompt, what was left as it was) turns into a line that names the prompt. What a no means is
 * the command's.
 */
export async function confirm(
  prompt: string,
  noAnswer?: { skip: string; untouched: string },
): Promise<boolean> {
  const yes = await readConfirmation(prompt)
  if (yes === undefined) {
    if (!noAnswer) throw new CliError('EOF')
    if (process.stdin.isTTY) process.stderr.write('\n')
    throw new CliError(
      `EOF: no answer to the prompt "${prompt}" on stdin (${noAnswer.skip}); ${noAnswer.untouched}`,
    )
  }
  return yes
}

/**
 * The secp256k1 key of `keys add --pubkey` (its Any JSON, `{"@type":"/sdk.crypto.secp256k1.PubKey",
 * "key":"<base64>"}`, as `keys show -p` prints it) or `--pubkey-base64` (the key's bytes).
 */
export function offlinePubKey(
  pubkey: string | undefined,
  pubkeyBase64: string | undefined,
): Uint8Array {
  if (pubkey !== undefined && pubkeyBase64 !== undefined)
    throw new CliError('flags pubkey and pubkey-base64 cannot be used simultaneously')
  let base64 = pubkeyBase64
  if (pubkey !== undefined) {
    let json: unknown
    try {
      json = JSON.parse(pubkey)
    } catch (err) {
      throw new CliError(`invalid --pubkey JSON: ${(err as Error).message}`)
    }
    const url = brand().typeUrl('/sdk.crypto.secp256k1.PubKey')
    const type = anyJsonTypeUrl(json)
    if (type !== url)
      throw new CliError(
        `unsupported public key type ${JSON.stringify(type)}: sdkd keys are secp256k1 (${url})`,
      )
    const { key } = json as { key?: unknown }
    if (typeof key !== 'string') throw new CliError('invalid --pubkey JSON: no "key"')
    base64 = key
  }
  const key = Uint8Array.from(Buffer.from(base64 ?? '', 'base64'))
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64 ?? '') || key.length !== 33)
    throw new CliError(
      'invalid public key: expected the base64 of a 33-byte compressed secp256k1 key',
    )
  return key
}

/** The mnemonic of `--mnemonic-src`: the file's words, whitespace and line breaks aside. */
export async function readMnemonicFile(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim().split(/\s+/).join(' ')
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    throw new CliError(
      `open ${file}: ${e.code === 'ENOENT' ? 'no such file or directory' : e.message}`,
    )
  }
}

/**
 * The mnemonic and BIP39 passphrase of `keys add`, as upstream's: `--recover` reads a mnemonic
 * (stdin, or `--mnemonic-src`); `--interactive` reads one too, where an empty line means a new one
 * (mnemonic undefined), then a passphrase, asked twice when not empty.
 */
export async function addMnemonicInput(f: {
  recover?: boolean
  interactive?: boolean
  mnemonicSrc?: string
}): Promise<{ mnemonic: string | undefined; bip39Passphrase: string }> {
  if (f.mnemonicSrc !== undefined && !f.recover && !f.interactive)
    throw new CliError('--mnemonic-src is only usable with --recover or --interactive')
  let mnemonic: string | undefined
  if (f.recover || f.interactive) {
    mnemonic =
      f.mnemonicSrc !== undefined
        ? await readMnemonicFile(f.mnemonicSrc)
        : (
            await readLine(
              f.recover
                ? '> Enter your bip39 mnemonic\n'
                : '> Enter your bip39 mnemonic, or hit enter to generate one.\n',
            )
          ).trim()
    if (f.recover && !mnemonic) throw new CliError('no mnemonic given on stdin')
    if (mnemonic === '') mnemonic = undefined
  }
  let bip39Passphrase = ''
  if (f.interactive) {
    bip39Passphrase = (
      await readLine(
        '> Enter your bip39 passphrase. This is combined with the mnemonic to derive the seed. Most users should just hit enter to use the default, ""\n',
      )
    ).trim()
    if (bip39Passphrase !== '') {
      const again = (await readLine('> Repeat the passphrase:\n')).trim()
      if (again !== bip39Passphrase) throw new CliError("passphrases don't match")
    }
  }
  return { mnemonic, bip39Passphrase }
}
