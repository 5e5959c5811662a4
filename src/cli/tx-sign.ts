import { writeFile } from 'node:fs/promises'
import { type Command, Option } from 'commander'
import {
  decodeTxRaw,
  encodeTxRaw,
  type SignModeName,
  signTx,
  txFromJsonText,
  txSigners,
  txToJson,
} from '../client/tx-builder.js'
import { fromBase64Strict, fromHex, toBase64 } from '../codec/bytes.js'
import { protoRegistry } from '../codec/proto.js'
import { clientAction, clientContext, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import { uintArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'
import { broadcastAndPrint } from './tx-broadcast.js'
import {
  resolveChainId,
  resolveFrom,
  resolveSignerData,
  signModeOption,
  waitTimeoutOption,
} from './tx-flags.js'

interface SignFlags {
  from?: string
  chainId?: string
  node?: string
  keyringBackend?: string
  offline?: boolean
  accountNumber?: number
  sequence?: number
  overwrite?: boolean
  outputDocument?: string
  signMode?: SignModeName
}

interface BroadcastFlags {
  node?: string
  broadcastMode?: string
  output?: string
  wait?: boolean
  waitTimeout: number
  offline?: boolean
}

/** `sdkd tx sign|broadcast|encode|decode`: the three steps of the seed, apart (and tx bytes ⇄ JSON). */
export function registerTxSign(program: Command, globals: () => GlobalFlags): void {
  const tx = commandGroup(program, 'tx')

  tx.command('sign <file>')
    .description(
      'sign a tx JSON file (from --generate-only; "-" reads stdin) with a keyring key and print the signed tx JSON',
    )
    .option('--from <name|address>', 'name or address of the signing key')
    .option('--chain-id <id>', 'chain id (default: client.toml chain-id, else the node status)')
    .option('--node <url>', 'CometBFT RPC address of the node (default: client.toml node)')
    .option('--keyring-backend <backend>', 'keyring backend (sdkd supports test)')
    .option(
      '--offline',
      'sign without contacting the node: needs --chain-id (or client.toml), --account-number, --sequence',
    )
    .option('-a, --account-number <n>', 'account number of the signer', uintArg)
    .option('-s, --sequence <n>', 'sequence of the signer', uintArg)
    .option('--overwrite', 'replace the signatures already on the tx instead of adding one')
    .option('--output-document <file>', 'write the signed tx to this file instead of stdout')
    .addOption(signModeOption())
    .action(
      clientAction(async (file: string, f: SignFlags) => {
        const g = globals()
        const ctx = await clientContext(g, f.node)
        const registry = ctx.registry
        const unsigned = txFromJsonText(registry, await readInput(file, 'tx file'))
        const from = await resolveFrom(g, f, false)
        const signers = txSigners(registry, unsigned)
        if (!signers.includes(from.address))
          throw new CliError(
            `tx intended signer does not match the given signer: ${f.from} (${from.address}) is not a signer of the tx's messages (${signers.join(', ')})`,
          )
        if (f.offline && (f.accountNumber === undefined || f.sequence === undefined))
          throw new CliError('--offline needs --account-number and --sequence')
        const chainId = await resolveChainId(ctx, f.chainId, f.offline === true)
        const signerData = await resolveSignerData(ctx, from.address, f)
        const signed = signTx(
          registry,
          unsigned,
          from.key!,
          { chainId, ...signerData },
          { overwrite: f.overwrite === true, signMode: f.signMode ?? 'direct' },
        )
        const text = `${JSON.stringify(txToJson(registry, signed))}\n`
        if (f.outputDocument) await writeFile(f.outputDocument, text)
        else process.stdout.write(text)
      }),
    )

  tx.command('broadcast <file>')
    .description('broadcast a signed tx JSON file ("-" reads stdin) and print the TxResponse')
    .option('--node <url>', 'CometBFT RPC address of the node (default: client.toml node)')
    .addOption(
      new Option(
        '-b, --broadcast-mode <mode>',
        'sync (wait for CheckTx) or async; default client.toml broadcast-mode',
      ).choices(['sync', 'async']),
    )
    .addOption(
      new Option(
        '-o, --output <format>',
        'text|json (default: client.toml output, else json)',
      ).choices(['json', 'text']),
    )
    .option('--wait', 'wait until the tx is in a block and print its result')
    .addOption(waitTimeoutOption())
    .option('--offline', 'refused: broadcasting needs the node')
    .action(
      clientAction(async (file: string, f: BroadcastFlags) => {
        if (f.offline) throw new CliError('cannot broadcast tx during offline mode')
        const ctx = await clientContext(globals(), f.node)
        const signed = txFromJsonText(ctx.registry, await readInput(file, 'tx file'))
        if ((signed.signatures ?? []).length === 0)
          throw new CliError(
            'the tx has no signatures: sign it first with "sdkd tx sign <file> --from <key>"',
          )
        await broadcastAndPrint(ctx, encodeTxRaw(ctx.registry, signed), f)
      }),
    )

  tx.command('encode <file>')
    .description('print the base64 TxRaw bytes of a tx JSON file ("-" reads stdin)')
    .action(
      clientAction(async (file: string) => {
        const registry = protoRegistry()
        const t = txFromJsonText(registry, await readInput(file, 'tx file'))
        process.stdout.write(`${toBase64(encodeTxRaw(registry, t))}\n`)
      }),
    )

  tx.command('decode <bytes>')
    .description('print the JSON of base64 (or --hex) TxRaw bytes')
    .option('-x, --hex', 'the bytes are hex, not base64')
    .action(
      clientAction(async (text: string, f: { hex?: boolean }) => {
        const registry = protoRegistry()
        let bytes: Uint8Array | undefined
        if (f.hex) {
          try {
            bytes = fromHex(text.trim())
          } catch (err) {
            throw new CliError(`encoding/hex: ${(err as Error).message}`)
          }
        } else {
          bytes = fromBase64Strict(text.trim())
          if (!bytes)
            throw new CliError('illegal base64 data: pass base64 bytes, or hex with --hex')
        }
        process.stdout.write(
          `${JSON.stringify(txToJson(registry, decodeTxRaw(registry, bytes)))}\n`,
        )
      }),
    )
}
