import { writeFile } from 'node:fs/promises'
import type { Command } from 'commander'
import {
  addMultisigSignature,
  emptyMultisig,
  multisigPubKeyAny,
  signaturesFromJsonText,
  signaturesToJson,
  txSignatures,
  withSignatures,
} from '../client/multisig-signing.js'
import { verifyMemberSignature } from '../client/multisig-verify.js'
import { txFromJsonText, txToJson } from '../client/tx-builder.js'
import type { JsonValue } from '../codec/json.js'
import { clientAction, clientContext, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import {
  addOfflineSignFlags,
  type OfflineSignFlags,
  resolveChainId,
  resolveSignerData,
} from './tx-flags.js'
import { resolveMultisig } from './tx-from.js'

interface MultisignFlags extends OfflineSignFlags {
  signatureOnly?: boolean
  skipSignatureVerification?: boolean
  outputDocument?: string
}

/**
 * `sdkd tx multi-sign <file> <name> <signature>…` (alias `multisign`, upstream's): the members'
 * signatures of a tx, from `sdkd tx sign --multisig`, each checked against the tx's amino JSON sign
 * bytes for the multisig account, combined into the tx's one multisig signer info.
 */
export function registerTxMultisign(program: Command, globals: () => GlobalFlags): void {
  const tx = commandGroup(program, 'tx')

  addOfflineSignFlags(
    tx
      .command('multi-sign <file> <name> <signatures...>')
      .alias('multisign')
      .description(
        'combine the signatures of a multisig key\'s members (files of "sdkd tx sign --multisig") into the signed tx of a tx JSON file ("-" reads stdin), and print it',
      ),
    'combine',
    'the multisig account',
  )
    .option('--signature-only', 'print only the multisig signature, not the signed tx')
    .option(
      '--skip-signature-verification',
      "add the signatures without checking them against the tx's sign bytes",
    )
    .option('--output-document <file>', 'write the result to this file instead of stdout')
    .action(
      clientAction(async (file: string, name: string, files: string[], f: MultisignFlags) => {
        const g = globals()
        const ctx = await clientContext(g, f.node)
        const registry = ctx.registry
        const tx = txFromJsonText(registry, await readInput(file, 'tx file'))
        const multisig = await resolveMultisig(
          g,
          name,
          f.keyringBackend,
          'error getting keybase multisig account',
        )
        if (f.offline && (f.accountNumber === undefined || f.sequence === undefined))
          throw new CliError('--offline needs --account-number and --sequence')
        const signerData = await resolveSignerData(ctx, multisig.address, f)
        const chainId = await resolveChainId(ctx, f.chainId, f.offline === true)
        const signer = { chainId, ...signerData }
        const multi = emptyMultisig(multisig.members.length)
        for (const sigFile of files) {
          const sigs = signaturesFromJsonText(registry, await readInput(sigFile, 'signature file'))
          for (const sig of sigs) {
            if (!f.skipSignatureVerification) verifyMemberSignature(registry, tx, signer, sig)
            addMultisigSignature(registry, multi, sig, multisig.members)
          }
        }
        const signed = withSignatures(registry, tx, [
          {
            publicKey: multisigPubKeyAny(registry, multisig.threshold, multisig.members),
            data: { multi },
            sequence: signerData.sequence,
          },
        ])
        const json: JsonValue = f.signatureOnly
          ? signaturesToJson(registry, txSignatures(registry, signed))
          : txToJson(registry, signed)
        const text = `${JSON.stringify(json)}\n`
        if (f.outputDocument) await writeFile(f.outputDocument, text)
        else process.stdout.write(text)
      }),
    )
}
