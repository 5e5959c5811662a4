import type { Command } from 'commander'
import { addExamples, commandPath } from './help.js'

/** The Examples section of the main commands' help, by command path. */
const EXAMPLES: Record<string, readonly (readonly [string, string])[]> = {
  'sdkd devnet': [
    ['sdkd devnet', 'create ~/.sdkd on first run, then produce a block every 500ms'],
    [
      'sdkd devnet --app-version v1 --home ~/.sdkd-v1',
      'a devnet of the older app version, to rehearse an upgrade',
    ],
    ['sdkd devnet --reset', 'start the chain over from a fresh genesis (keys and config kept)'],
    ['sdkd devnet --timeout-commit 100ms --accounts 20', 'faster blocks and 20 funded accounts'],
    [
      'sdkd devnet --validators 4 --powers 40,30,20,10',
      'four bonded validators (fixed keys) on a new home, or with --reset',
    ],
    ['SDKD_RPC_LADDR=tcp://0.0.0.0:26657 sdkd devnet', 'any flag from its SDKD_… variable'],
  ],
  'sdkd start': [
    ['sdkd start', 'run the node of ~/.sdkd as its config files say'],
    ['sdkd start --app-version v2', 'run the new binary after an upgrade halt'],
    ['sdkd start --timeout-commit 1s --api.enable', 'override config fields for this run'],
    ['sdkd start --halt-height 100', 'stop cleanly before committing height 100'],
  ],
  'sdkd run': [
    [
      'sdkd run devnet',
      'a devnet that survives its own upgrades (what npm start and the image run)',
    ],
    [
      'sdkd --home ~/.sdkd-v1 run start --timeout-commit 1s',
      "the home's node; at an upgrade halt, back up data/ and start the plan's app version",
    ],
    [
      'sdkd run --upgrade-plugin my-upgrade=./my-upgrade.mjs start',
      'a plan named my-upgrade is applied by that plugin (same app version)',
    ],
    ['UNSAFE_SKIP_BACKUP=true DAEMON_RESTART_DELAY=1s sdkd run start', 'no backup; wait 1s first'],
  ],
  'sdkd rehearse': [
    ['sdkd rehearse v2', 'v1 → v2 through governance in a fresh v1 devnet home; PASS or FAIL'],
    [
      'sdkd rehearse v2 --home ~/.sdkd-v1 --json report.json',
      'the same on a copy of an existing home (the home is not touched), with a JSON report',
    ],
    [
      'sdkd rehearse example-upgrade --plugin config/upgrade-plugins/example-upgrade.mjs',
      'an upgrade plugin: v1 plus the plugin',
    ],
    [
      'sdkd rehearse v2 --via authority --at +100000',
      'skip governance; 100,000 blocks to the height',
    ],
    ['sdkd rehearse v2 --inject handler-throws', 'rehearse a failing handler and the recovery'],
  ],
  'sdkd tx upgrade software-upgrade': [
    [
      `sdkd tx upgrade software-upgrade v2 --title "Upgrade to v2" --summary "v1 to v2" --deposit 10000000stake --upgrade-height 500 --upgrade-info '{}' --no-validate --from validator --yes --wait`,
      'propose the upgrade to v2 at height 500 (the devnet minimum deposit)',
    ],
    [
      `sdkd tx upgrade software-upgrade v2 --title T --summary S --deposit 10000000stake --upgrade-height 500 --upgrade-info '{"binaries":{"linux/amd64":"https://example.com/sdkd?checksum=sha256:<hex>"}}' --from alice`,
      'with binaries for cosmovisor (each downloaded and checked first)',
    ],
  ],
  'sdkd tx gov vote': [
    [
      'sdkd tx gov vote 1 yes --from validator --yes --wait',
      'vote yes on proposal 1 and wait for the block',
    ],
    [
      'sdkd tx gov vote 1 no_with_veto --from alice --yes',
      'other options: no, abstain, no_with_veto',
    ],
  ],
  'sdkd query upgrade plan': [
    [
      'sdkd query upgrade plan',
      'the scheduled plan, and on stderr the estimated time until its height',
    ],
    ['sdkd query upgrade plan -o json --height 40', 'as JSON, at height 40'],
  ],
  'sdkd keys add': [
    ['sdkd keys add carol', 'a new key with a fresh 24-word mnemonic (printed once)'],
    ['echo "word1 … word24" | sdkd keys add dave --recover', 'a key from an existing mnemonic'],
    [
      'sdkd keys add multi --multisig alice,bob,account3 --multisig-threshold 2',
      'a 2-of-3 multisig key of three keys of the keyring (no private key)',
    ],
  ],
  'sdkd tx multi-sign': [
    [
      'sdkd tx multisign unsigned.json multi alice.json bob.json > signed.json',
      'combine the signatures of "sdkd tx sign unsigned.json --from <member> --multisig multi"',
    ],
  ],
  'sdkd dev mine': [
    ['sdkd dev mine', 'one block now'],
    ['sdkd dev mine 100000', '100,000 blocks (progress on a terminal)'],
    ['sdkd dev mine --to 5000 --interval 2s', 'up to height 5000, block times 2 s apart'],
  ],
  'sdkd dev time': [
    ['sdkd dev time +48h', 'the next block is 48 hours after the last one (a voting period ends)'],
    ['sdkd dev time --set 2027-01-01T00:00:00Z', 'the next block time'],
  ],
  'sdkd dev mining': [
    ['sdkd dev mining manual', 'blocks only on sdkd dev mine'],
    ['sdkd dev mining instant', 'a block as soon as a tx arrives'],
    ['sdkd dev mining interval 500ms', 'back to a block every 500 ms'],
  ],
  'sdkd dev revert': [
    [
      'ID=$(sdkd dev snapshot | node -pe \'JSON.parse(require("fs").readFileSync(0)).id\') && sdkd dev revert $ID',
      'snapshot, then go back to it',
    ],
  ],
  'sdkd comet unsafe-reset-all': [
    [
      'sdkd comet unsafe-reset-all',
      'the chain in ~/.sdkd starts over at height 1 on the next start',
    ],
    ['sdkd comet unsafe-reset-all --home ./node1', 'another home'],
  ],
}

/** Adds the Examples sections to the built command tree. */
export function addAllExamples(root: Command): void {
  const visit = (cmd: Command) => {
    const examples = EXAMPLES[commandPath(cmd)]
    if (examples) addExamples(cmd, examples)
    for (const sub of cmd.commands) visit(sub)
  }
  visit(root)
}
