import type { Command } from 'commander'
import { signaturesToJson, txSignatures } from '../client/multisig-signing.js'
import {
  createUnsignedTx,
  type SignerData,
  signTx,
  type TxObject,
  txSigners,
  txToJson,
} from '../client/tx-builder.js'
import { coinsFromProto, normalizeCoins } from '../codec/coins.js'
import type { AnyMessage } from '../codec/proto.js'
import { clientAction, clientContext } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { type BatchItem, readTxBatch, writeBatchOutput } from './tx-batch.js'
import {
  addOfflineSignFlags,
  type OfflineSignFlags,
  resolveChainId,
  resolveSignerData,
  signModeOption,
} from './tx-flags.js'
import { resolveSigningAccount, type SignerFlags } from './tx-signer.js'

interface SignBatchFlags extends OfflineSignFlags, SignerFlags {
  outputDocument?: string
  append?: boolean
  note?: string
}

/**
 * One tx of all the batch's messages (upstream's `--append`): its gas limit the sum of theirs, its
 * fee the sum of their fees; the memo is `--note`'s, and the txs' memos, timeout heights, fee
 * payers and granters are dropped, as upstream's new tx builder does.
 */
export function appendedTx(txs: readonly BatchItem<TxObject>[], memo: string): TxObject {
  const messages: AnyMessage[] = []
  let gas = 0n
  const fees = []
  for (const { value: tx } of txs) {
    messages.push(...((tx.body?.messages ?? []) as AnyMessage[]))
    gas += BigInt(String(tx.auth_info?.fee?.gas_limit ?? 0))
    fees.push(...coinsFromProto(tx.auth_info?.fee?.amount))
  }
  return createUnsignedTx({ messages, fee: { amount: normalizeCoins(fees), gasLimit: gas }, memo })
}

/**
 * `sdkd tx sign-batch <file> [file2...]` (upstream's): signs every tx of batch files (one tx JSON a
 * line, from `--generate-only`) with one key, the sequence going up by one per tx, and prints one
 * signed tx (or with `--multisig`/`--signature-only` its signatures) a line; or with `--append`
 * one tx of all their messages, signed once.
 */
export function registerTxSignBatch(program: Command, globals: () => GlobalFlags): void {
  const tx = commandGroup(program, 'tx')

  addOfflineSignFlags(
    tx
      .command('sign-batch <file> [file2...]')
      .description(
        'sign batch files of txs made with --generate-only (one tx JSON per line, "-" reads stdin), the sequence incremented after each tx, and print one signed tx JSON per line',
      )
      .option('--from <name|address>', 'name or address of the signing key'),
    'sign',
    "the signer, or the --multisig account (--sequence: the first tx's; each next tx takes the next one)",
  )
    .option(
      '--multisig <name|address>',
      'address or key name of the multisig account on behalf of which the txs are signed (amino-json; implies --signature-only: one signature JSON per line, for "sdkd tx multisign-batch")',
    )
    .option('--signature-only', 'print only the signatures, one signature JSON per line')
    .option(
      '--append',
      'combine the messages of all the txs into one tx (gas limits and fees summed, memo from --note) and sign it once',
    )
    .option('--note <memo>', 'memo of the tx --append makes')
    .option('--output-document <file>', 'write the output to this file instead of stdout')
    .addOption(signModeOption())
    .action(
      clientAction(async (file: string, more: string[], f: SignBatchFlags, cmd: Command) => {
        const g = globals()
        const ctx = await clientContext(g, f.node)
        const registry = ctx.registry
        const account = await resolveSigningAccount(g, f, cmd)
        const batch = await readTxBatch(registry, [file, ...more])
        if (f.offline && (f.accountNumber === undefined || f.sequence === undefined))
          throw new CliError('--offline needs --account-number and --sequence')
        const chainId = await resolveChainId(ctx, f.chainId, f.offline === true)
        // Online, the account's numbers are the chain's: the flags are ignored, as upstream.
        const first = f.offline
          ? await resolveSignerData(ctx, account.address, f)
          : await resolveSignerData(ctx, account.address, {})
        const txs = f.append
          ? [{ value: appendedTx(batch, f.note ?? ''), where: 'the appended tx' }]
          : batch
        const out: string[] = []
        for (const [i, { value: unsigned, where }] of txs.entries()) {
          const signers = txSigners(registry, unsigned)
          if (!signers.includes(account.address))
            throw new CliError(
              `tx intended signer does not match the given signer: ${account.name} (${account.address}) is not a signer of the messages of ${where} (${signers.join(', ')})`,
            )
          const signer: SignerData = {
            chainId,
            accountNumber: first.accountNumber,
            sequence: first.sequence + BigInt(i),
          }
          const signed = signTx(registry, unsigned, account.key, signer, {
            overwrite: true,
            signMode: account.signMode,
          })
          const json = account.signatureOnly
            ? signaturesToJson(registry, txSignatures(registry, signed))
            : txToJson(registry, signed)
          out.push(JSON.stringify(json))
        }
        await writeBatchOutput(out, f.outputDocument)
      }),
    )
}
