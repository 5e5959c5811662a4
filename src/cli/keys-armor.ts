import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { CliError } from './errors.js'
import { backendOption, confirm, keyringFor, readPassword, withKeyring } from './keys-io.js'
import type { GlobalFlags } from './start-flags.js'

/**
 * `sdkd keys export <name>` and `sdkd keys import <name> <keyfile>` (upstream's): a private key
 * ASCII-armored and encrypted under a passphrase, in upstream's format, so keys move between sdkd
 * and a node's keyring both ways; or, with `--unarmored-hex --unsafe`, the bare hex.
 */
export function registerKeysArmor(keys: Command, globals: () => GlobalFlags): void {
  keys
    .command('export <name>')
    .description(
      'export a private key in ASCII-armored encrypted format (the passphrase read from stdin), or as unarmored hex (--unarmored-hex --unsafe, after a confirmation)',
    )
    .option('--unarmored-hex', 'export the unarmored hex private key (requires --unsafe)')
    .option('--unsafe', 'enable the unsafe operation (requires --unarmored-hex)')
    .option(...backendOption)
    .action(
      async (
        name: string,
        f: { unarmoredHex?: boolean; unsafe?: boolean; keyringBackend?: string },
      ) => {
        if (f.unarmoredHex !== f.unsafe)
          throw new CliError('the flags unsafe and unarmored-hex must be used together')
        const kr = await keyringFor(globals(), f.keyringBackend)
        if (f.unarmoredHex) {
          const record = await withKeyring(() => kr.record(name))
          if (record.type !== 'local')
            throw new CliError('private key extraction works only for Local')
          const go = await confirm(
            'WARNING: The private key will be exported as an unarmored hexadecimal string. USE AT YOUR OWN RISK. Continue?',
          )
          if (!go) return // upstream: nothing printed, exit 0
          process.stdout.write(`${Buffer.from(record.privateKey).toString('hex')}\n`)
          return
        }
        // Upstream asks for the passphrase first, then finds the key.
        const passphrase = await readPassword('Enter passphrase to encrypt the exported key:')
        const record = await withKeyring(() => kr.record(name))
        if (record.type !== 'local')
          throw new CliError('private key extraction works only for Local')
        const { encryptArmorPrivKey } = await import('../client/key-armor.js')
        process.stdout.write(`${encryptArmorPrivKey(record.privateKey, passphrase)}\n`)
      },
    )

  keys
    .command('import <name> <keyfile>')
    .description(
      'import an ASCII-armored encrypted private key (from "sdkd keys export" or a node\'s keys export) into the keyring, the passphrase read from stdin',
    )
    .option(...backendOption)
    .action(async (name: string, keyfile: string, f: { keyringBackend?: string }) => {
      let armored: string
      try {
        armored = await readFile(keyfile, 'utf8')
      } catch (err) {
        const e = err as NodeJS.ErrnoException
        throw new CliError(
          `open ${keyfile}: ${e.code === 'ENOENT' ? 'no such file or directory' : e.message}`,
        )
      }
      const passphrase = await readPassword('Enter passphrase to decrypt your key:')
      const kr = await keyringFor(globals(), f.keyringBackend)
      if (kr.has(name)) throw new CliError(`${name}: cannot overwrite key`)
      const { unarmorDecryptPrivKey } = await import('../client/key-armor.js')
      let privateKey: Uint8Array
      try {
        privateKey = unarmorDecryptPrivKey(armored, passphrase)
      } catch (err) {
        throw new CliError(`failed to decrypt private key: ${(err as Error).message}`)
      }
      await withKeyring(() => kr.importPrivateKey(name, privateKey))
    })
}
