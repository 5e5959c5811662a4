import { writeFile } from 'node:fs/promises'
import { type Command, Option } from 'commander'
import { signaturesToJson, txSignatures } from '../client/multisig-signing.js'
import {
  decodeTxRaw,
  encodeTxRaw,
  signTx,
  txFromJsonText,
  txSigners,
  txToJson,
} from '../client/tx-builder.js'
import { fromBase64Strict, fromHex, toBase64 } from '../codec/bytes.js'
import type { JsonValue } from '../codec/json.js'
import { protoRegistry } from '../codec/proto.js'
import { clientAction, clientContext, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { broadcastAndPrint } from './tx-broadcast.js'
import {
  addOfflineSignFlags,
  addTxFlags,
  type OfflineSignFlags,
  resolveChainId,
  resolveSignerData,
  signModeOption,
  waitTimeoutOption,
} from './tx-flags.js'
import { resolveSigningAccount, type SignerFlags } from './tx-signer.js'

interface SignFlags extends OfflineSignFlags, SignerFlags {
  overwrite?: boolean
  outputDocument?: string
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

  addOfflineSignFlags(
    tx
      .command('sign <file>')
      .description(
        'sign a tx JSON file (from --generate-only; "-" reads stdin) with a keyring key and print the signed tx JSON',
      )
      .option('--from <name|address>', 'name or address of the signing key'),
    'sign',
    'the signer',
  )
    .option('--overwrite', 'replace the signatures already on the tx instead of adding one')
    .option(
      '--multisig <name|address>',
      'address or key name of the multisig account on behalf of which the tx is signed (amino-json; implies --signature-only)',
    )
    .option('--signature-only', 'print only the signatures, not the signed tx')
    .option('--output-document <file>', 'write the signed tx to this file instead of stdout')
    .addOption(signModeOption())
    .action(
      clientAction(async (file: string, f: SignFlags, cmd: Command) => {
        const g = globals()
        const ctx = await clientContext(g, f.node)
        const registry = ctx.registry
        const unsigned = txFromJsonText(registry, await readInput(file, 'tx file'))
        const account = await resolveSigningAccount(g, f, cmd)
        const { key, signMode, signatureOnly } = account
        const signer = { name: account.name, address: account.address }
        const signers = txSigners(registry, unsigned)
        if (!signers.includes(signer.address))
          throw new CliError(
            `tx intended signer does not match the given signer: ${signer.name} (${signer.address}) is not a signer of the tx's messages (${signers.join(', ')})`,
          )
        if (f.offline && (f.accountNumber === undefined || f.sequence === undefined))
          throw new CliError('--offline needs --account-number and --sequence')
        const chainId = await resolveChainId(ctx, f.chainId, f.offline === true)
        const signerData = await resolveSignerData(ctx, signer.address, f)
        const signed = signTx(
          registry,
          unsigned,
          key,
          { chainId, ...signerData },
          { overwrite: f.overwrite === true, signMode },
        )
        const json: JsonValue = signatureOnly
          ? signaturesToJson(registry, txSignatures(registry, signed))
          : txToJson(registry, signed)
        const text = `${JSON.stringify(json)}\n`
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
        // As upstream's, any tx is sent as it is: the node answers one without signatures with
        // code 15 (`no signatures supplied`), printed like any other TxResponse.
        const tx = txFromJsonText(ctx.registry, await readInput(file, 'tx file'))
        await broadcastAndPrint(ctx, encodeTxRaw(ctx.registry, tx), f)
      }),
    )

  // Upstream's encode and decode take the tx flags, `--output` hidden: none changes what they print.
  const hiddenOutput = () => new Option('-o, --output <format>', 'ignored').hideHelp()
  addTxFlags(
    tx
      .command('encode <file>')
      .description('print the base64 TxRaw bytes of a tx JSON file ("-" reads stdin)'),
    { output: false },
  )
    .addOption(hiddenOutput())
    .action(
      clientAction(async (file: string) => {
        const registry = protoRegistry()
        const t = txFromJsonText(registry, await readInput(file, 'tx file'))
        process.stdout.write(`${toBase64(encodeTxRaw(registry, t))}\n`)
      }),
    )

  addTxFlags(
    tx
      .command('decode <bytes>')
      .description('print the JSON of base64 (or --hex) TxRaw bytes')
      .option('-x, --hex', 'the bytes are hex, not base64'),
    { output: false },
  )
    .addOption(hiddenOutput())
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
        // No newline after the JSON, as upstream's (it prints the encoder's bytes as they are).
        process.stdout.write(JSON.stringify(txToJson(registry, decodeTxRaw(registry, bytes))))
      }),
    )
}
