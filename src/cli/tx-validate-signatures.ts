import type { Command } from 'commander'
import { memberAddress } from '../client/keyring.js'
import { memberOfAny, txSignatures } from '../client/multisig-signing.js'
import { signatureFailure } from '../client/multisig-verify.js'
import { txFromJsonText, txSigners } from '../client/tx-builder.js'
import { addressToBech32 } from '../codec/address.js'
import { clientAction, clientContext, readInput } from './client-context.js'
import { CliError } from './errors.js'
import { commandGroup } from './groups.js'
import type { GlobalFlags } from './start-flags.js'
import { resolveChainId } from './tx-flags.js'

interface ValidateFlags {
  chainId?: string
  node?: string
  offline?: boolean
}

/**
 * `sdkd tx validate-signatures <file>` (upstream's): prints the tx's signers and its signatures,
 * each `[OK]` or `[ERROR: …]` by whether it is its signer's, in order; online each signature is also
 * verified over the tx's sign bytes, with its signer's account number and sequence on the chain.
 * The report goes to stdout, a failure to verify to stderr, as upstream's; a failure exits 1 with
 * `signatures validation failed`.
 */
export function registerTxValidateSignatures(program: Command, globals: () => GlobalFlags): void {
  commandGroup(program, 'tx')
    .command('validate-signatures <file>')
    .description(
      'print the addresses that must sign a tx JSON file ("-" reads stdin) and those who have signed it, check that the signatures are in order and (unless --offline) valid over the tx',
    )
    .option('--chain-id <id>', 'chain id (default: client.toml chain-id, else the node status)')
    .option('--node <url>', 'CometBFT RPC address of the node (default: client.toml node)')
    .option('--offline', 'check the signers and their order only, without the node')
    .action(
      clientAction(async (file: string, f: ValidateFlags) => {
        const ctx = await clientContext(globals(), f.node)
        const registry = ctx.registry
        const tx = txFromJsonText(registry, await readInput(file, 'tx file'))
        const offline = f.offline === true
        const chainId = offline ? '' : await resolveChainId(ctx, f.chainId, false)
        // Upstream prints the report with cmd.Println (stdout in the node binary), the failures to
        // reach or verify with cmd.PrintErrf (stderr).
        const out = (text: string) => process.stdout.write(text)
        const err = (text: string) => process.stderr.write(text)
        const signers = txSigners(registry, tx)
        out('Signers:\n')
        for (const [i, s] of signers.entries()) out(`  ${i}: ${s}\n`)
        const sigs = txSignatures(registry, tx)
        out('\nSignatures:\n')
        let success = sigs.length === signers.length
        for (const [i, sig] of sigs.entries()) {
          const key = memberOfAny(registry, sig.publicKey)
          if (!key) throw new CliError(`unrecognized public key type: ${sig.publicKey.type_url}`)
          const address = addressToBech32(memberAddress(key))
          let sanity = 'OK'
          if (signers[i] !== address) {
            sanity = 'ERROR: signature does not match its respective signer'
            success = false
          }
          // Upstream verifies over the sign bytes only while every signature before was sound.
          if (!offline && success) {
            const account = await ctx.node().account(address)
            if (!account) {
              err(`failed to get account: ${address}\n`)
              throw new CliError('signatures validation failed')
            }
            const failure = signatureFailure(
              registry,
              tx,
              { chainId, accountNumber: account.accountNumber, sequence: account.sequence },
              sig,
            )
            if (failure !== undefined) {
              err(`failed to verify signature: ${failure}`)
              throw new CliError('signatures validation failed')
            }
          }
          out(`  ${i}: ${address}\t\t\t[${sanity}]\n`)
        }
        out('\n')
        if (!success) throw new CliError('signatures validation failed')
      }),
    )
}
