import type { Command } from 'commander'
import { wrapText } from '../errors.js'
import { CliError } from './errors.js'

/**
 * The bytes of an address given as hex, or as bech32 with the brand's account, validator operator
 * or consensus prefix (upstream AddrCmd tries them in that order and names each failure).
 */
async function addressBytes(text: string): Promise<Uint8Array> {
  const [{ bech32ToAddress }, { brand }] = await Promise.all([
    import('../codec/address.js'),
    import('../codec/brand.js'),
  ])
  const failures: string[] = []
  if (/^([0-9a-fA-F]{2})*$/.test(text)) return Uint8Array.from(Buffer.from(text, 'hex'))
  failures.push('hex: encoding/hex: invalid byte or odd length')
  const prefixes = brand().bech32
  for (const [tag, prefix] of [
    ['bech32 acc', prefixes.account],
    ['bech32 val', prefixes.validator],
    ['bech32 con', prefixes.consensus],
  ] as const) {
    try {
      return bech32ToAddress(text, prefix)
    } catch (err) {
      failures.push(`${tag}: ${wrapText(err)}`)
    }
  }
  throw new CliError(`expected hex or bech32. Got errors: ${failures.join(', ')}`)
}

/**
 * `sdkd debug addr`, `raw-bytes` and `prefixes` (upstream client/debug): an address in every form,
 * Go's printed byte slices as hex, and the brand's bech32 prefixes.
 */
export function registerDebugAddr(debug: Command): void {
  debug
    .command('addr <address>')
    .description(
      'convert an address between hex and bech32 (account, validator operator and consensus forms)',
    )
    .action(async (text: string) => {
      const [{ addressToBech32 }, { brand }] = await Promise.all([
        import('../codec/address.js'),
        import('../codec/brand.js'),
      ])
      const bytes = await addressBytes(text)
      const prefixes = brand().bech32
      // Upstream prints the bytes as Go prints a []byte: `[12 34 …]`.
      process.stdout.write(
        `Address: [${[...bytes].join(' ')}]\n` +
          `Address (hex): ${Buffer.from(bytes).toString('hex').toUpperCase()}\n` +
          `Bech32 Acc: ${addressToBech32(bytes, prefixes.account)}\n` +
          `Bech32 Val: ${addressToBech32(bytes, prefixes.validator)}\n` +
          `Bech32 Con: ${addressToBech32(bytes, prefixes.consensus)}\n`,
      )
    })

  debug
    .command('raw-bytes <raw-bytes>')
    .description('convert raw bytes output (e.g. [10 21 13 255]) to hex')
    .action((text: string) => {
      const inner = text.replace(/^\[+/, '').replace(/\]+$/, '')
      const bytes = inner.split(' ').map((part) => {
        // Every byte value 0–255 (upstream parses each as a signed 8-bit number, refusing 128–255).
        if (!/^\d{1,3}$/.test(part) || Number(part) > 255)
          throw new CliError(
            `strconv.ParseUint: parsing ${JSON.stringify(part)}: expected a byte value 0–255`,
          )
        return Number(part)
      })
      process.stdout.write(`${Buffer.from(bytes).toString('hex').toUpperCase()}\n`)
    })

  debug
    .command('prefixes')
    .description('list the prefixes used for the human-readable part (HRP) of bech32 addresses')
    .action(async () => {
      const { brand } = await import('../codec/brand.js')
      const p = brand().bech32
      process.stdout.write(
        `Bech32 Acc: ${p.account}\nBech32 Val: ${p.validator}\nBech32 Con: ${p.consensus}\n`,
      )
    })
}
