import type { Command } from 'commander'
import { memberAddress } from '../client/keyring.js'
import {
  addMultisigSignature,
  emptyMultisig,
  memberOfAny,
  multisigPubKeyAny,
  type SignatureDescriptor,
  signaturesFromJsonText,
  withSignatures,
} from '../client/multisig-signing.js'
import { signatureFailure } from '../client/multisig-verify.js'
import { txToJson } from '../client/tx-builder.js'
import { addressToBech32 } from '../codec/address.js'
import type { ProtoRegistry } from '../codec/proto.js'
import { clientAction, clientContext } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import {
  type BatchItem,
  parseBatchLines,
  readBatchLines,
  readTxBatch,
  writeBatchOutput,
} from './tx-batch.js'
import {
  addOfflineSignFlags,
  type OfflineSignFlags,
  resolveChainId,
  resolveSignerData,
} from './tx-flags.js'
import { resolveMultisig } from './tx-from.js'

interface MultisignBatchFlags extends OfflineSignFlags {
  /** False with `--no-auto-increment`. */
  autoIncrement: boolean
  multisig?: string
  outputDocument?: string
}

/** A signature file of `tx sign-batch --multisig`: its signatures, one or more a line, in order. */
async function readSignatureBatch(
  registry: ProtoRegistry,
  path: string,
): Promise<BatchItem<SignatureDescriptor>[]> {
  const lines = parseBatchLines(await readBatchLines(path, 'signature file'), (text) =>
    signaturesFromJsonText(registry, text),
  )
  return lines.flatMap((l) => l.value.map((value) => ({ value, where: l.where })))
}

/**
 * `sdkd tx multisign-batch <file> <name> <signature-file>…` (alias `multi-sign-batch`, upstream's):
 * for each tx of a batch file, line i of each signature file (from `sdkd tx sign-batch
 * --multisig`) is a member's signature of tx i; each is checked, and they are combined into tx i's
 * multisig signer info, the sequence going up by one per tx unless `--no-auto-increment`. Prints
 * one signed tx JSON a line.
 */
export function registerTxMultisignBatch(program: Command, globals: () => GlobalFlags): void {
  const tx = commandGroup(program, 'tx')

  addOfflineSignFlags(
    tx
      .command('multisign-batch <file> <name> <signature-files...>')
      .alias('multi-sign-batch')
      .description(
        'assemble multisig txs in batch: combine, for each tx of a batch file (one tx JSON per line, "-" reads stdin), line i of each signature file (from "sdkd tx sign-batch --multisig") into tx i, and print one signed tx JSON per line',
      ),
    'combine',
    "the multisig account (--sequence: the first tx's; each next tx takes the next one unless --no-auto-increment)",
  )
    .option('--no-auto-increment', 'disable sequence auto increment: every tx has --sequence')
    .option(
      '--multisig <name|address>',
      'address of the multisig account that the txs sign on behalf of (it must be <name>)',
    )
    .option('--output-document <file>', 'write the signed txs to this file instead of stdout')
    .action(
      clientAction(
        async (file: string, name: string, sigFiles: string[], f: MultisignBatchFlags) => {
          const g = globals()
          const ctx = await clientContext(g, f.node)
          const registry = ctx.registry
          const txs = await readTxBatch(registry, [file])
          const multisig = await resolveMultisig(
            g,
            name,
            f.keyringBackend,
            'error getting keybase multisig account',
          )
          if (f.multisig !== undefined) {
            const named = await resolveMultisig(g, f.multisig, f.keyringBackend)
            if (named.address !== multisig.address)
              throw new CliError(
                `--multisig ${f.multisig} (${named.address}) is not the multisig key ${name} (${multisig.address}) the signatures are combined for`,
              )
          }
          const batches: BatchItem<SignatureDescriptor>[][] = []
          for (const sigFile of sigFiles) {
            const sigs = await readSignatureBatch(registry, sigFile)
            if (sigs.length < txs.length)
              throw new CliError(
                `signature file ${sigFile} holds ${sigs.length} signatures for the ${txs.length} txs of ${file}: line i of a signature file is a signature of tx i ("sdkd tx sign-batch ${file} --from <member> --multisig ${name}" writes one)`,
              )
            batches.push(sigs)
          }
          if (f.offline && (f.accountNumber === undefined || f.sequence === undefined))
            throw new CliError('--offline needs --account-number and --sequence')
          const chainId = await resolveChainId(ctx, f.chainId, f.offline === true)
          // Online, the account's numbers are the chain's: the flags are ignored, as upstream.
          const first = await resolveSignerData(ctx, multisig.address, f.offline ? f : {})
          const publicKey = multisigPubKeyAny(registry, multisig.threshold, multisig.members)
          let sequence = first.sequence
          const out: string[] = []
          for (const [i, { value: unsigned, where }] of txs.entries()) {
            const signer = { chainId, accountNumber: first.accountNumber, sequence }
            const multi = emptyMultisig(multisig.members.length)
            for (const sigs of batches) {
              const sig = sigs[i]!
              const failure = signatureFailure(registry, unsigned, signer, sig.value)
              if (failure !== undefined) {
                const key = memberOfAny(registry, sig.value.publicKey)
                const member = key ? addressToBech32(memberAddress(key)) : 'an unknown key'
                throw new CliError(
                  `couldn't verify signature: ${failure} (the signature of ${member} at ${sig.where} for the tx at ${where}, sequence ${sequence})`,
                )
              }
              addMultisigSignature(registry, multi, sig.value, multisig.members)
            }
            const signed = withSignatures(registry, unsigned, [
              { publicKey, data: { multi }, sequence },
            ])
            out.push(JSON.stringify(txToJson(registry, signed)))
            if (f.autoIncrement) sequence += 1n
          }
          await writeBatchOutput(out, f.outputDocument)
        },
      ),
    )
}
