import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome, startDevnetNode } from '../helpers/devnet.js'
import { freePort, LOOPBACK_PORTS, runCommand, runSdkd, SDKD_BIN } from '../helpers/sdkd.js'

/**
 * Every flag of every command comes from its `SDKD_<FLAG>` variable too, as upstream binds each flag
 * to `<APP>_<FLAG>` (`--node` ← `SDKD_NODE`, the global `--log_format` ← `SDKD_LOG_FORMAT`): a flag
 * on the command line wins, a bad value names its variable, and the destructive flags have none.
 */

const cleanups = cleanupAfterEach()

describe('flags from SDKD_* variables, on every command', () => {
  test('behavior: a tx and a query take their flags from the environment; a flag wins; a bad value names its variable; start and the global flags too; --hard has no variable', async () => {
    const h = await createDevnetHome('env-flags-e2e')
    cleanups.push(h.cleanup)
    const node = await startDevnetNode(h, 'v2', '100ms')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const alice = h.accounts.alice!.address
    const bob = h.accounts.bob!.address
    const balanceOf = (r: { stdout: string }) =>
      JSON.parse(r.stdout).balances.find((c: { denom: string }) => c.denom === 'stake').amount

    // Nothing but the positional arguments on the command line: the rest from the variables.
    const env = {
      SDKD_HOME: h.dir,
      SDKD_NODE: node.rpc,
      SDKD_KEYRING_BACKEND: 'test',
      SDKD_YES: 'true',
      SDKD_WAIT: 'true',
      SDKD_OUTPUT: 'json',
      SDKD_NOTE: 'set by SDKD_NOTE',
    }
    const before = await runSdkd(['query', 'bank', 'balances', bob], { env })
    expect([before.code, before.stderr]).toEqual([0, ''])
    const sent = await runSdkd(['tx', 'bank', 'send', alice, bob, '5stake'], { env })
    expect([sent.code, sent.stderr]).toEqual([0, ''])
    const res = JSON.parse(sent.stdout)
    expect(res.code).toBe(0)
    expect(res.tx.body.memo).toBe('set by SDKD_NOTE')
    const after = await runSdkd(['query', 'bank', 'balances', bob], { env })
    expect(BigInt(balanceOf(after)) - BigInt(balanceOf(before))).toBe(5n)
    // SDKD_HEIGHT: the balance at the height before the send's block.
    const past = await runSdkd(['query', 'bank', 'balances', bob], {
      env: { ...env, SDKD_HEIGHT: String(Number(res.height) - 1) },
    })
    expect(balanceOf(past)).toBe(balanceOf(before))

    // The variable is what the command used: a node nobody serves fails; --node on the line wins.
    const nowhere = { ...env, SDKD_NODE: `tcp://127.0.0.1:${await freePort()}` }
    const refused = await runSdkd(['query', 'bank', 'balances', bob], { env: nowhere })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^Error: .*127\.0\.0\.1/m)
    const flagWins = await runSdkd(['query', 'bank', 'balances', bob, '--node', node.rpc], {
      env: nowhere,
    })
    expect([flagWins.code, balanceOf(flagWins)]).toEqual([0, balanceOf(after)])

    // A value the flag refuses is refused the same way, naming the variable; nothing is sent.
    const bad = await runSdkd(['tx', 'bank', 'send', alice, bob, '5stake'], {
      env: { ...env, SDKD_BROADCAST_MODE: 'block' },
    })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(
      "option '-b, --broadcast-mode <mode>' value 'block' from env 'SDKD_BROADCAST_MODE' is invalid",
    )
    const unchanged = await runSdkd(['query', 'bank', 'balances', bob], { env })
    expect(balanceOf(unchanged)).toBe(balanceOf(after))

    // `start`'s flags and the global ones: SDKD_HALT_HEIGHT stops the node before the next height,
    // SDKD_LOG_FORMAT (no --log_format on the line) makes every log line JSON.
    expect((await node.p.stop()).code).toBe(0)
    const latest = Number(node.p.logs().find((l) => l.msg === 'stopped cleanly')!.height)
    const halted = await runCommand(
      process.execPath,
      [SDKD_BIN, '--home', h.dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false'],
      {
        env: {
          SDKD_LOG_FORMAT: 'json',
          SDKD_HALT_HEIGHT: String(latest + 2),
          SDKD_TIMEOUT_COMMIT: '50ms',
        },
      },
    )
    expect(halted.code).toBe(0)
    const lines = halted.stdout.trim().split('\n')
    const logs = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(logs.some((l) => String(l.msg).startsWith('halt per configuration height'))).toBe(true)
    expect(logs.filter((l) => l.msg === 'committed block').map((l) => Number(l.height))).toEqual([
      latest + 1,
    ])

    // No variable does what --hard does (it deletes a block): `rollback --help` lists the others'.
    const help = await runSdkd(['rollback', '--help'])
    expect(help.stdout).toMatch(/\(env:\s+SDKD_COMETBFT_BIN\)/)
    expect(help.stdout).toMatch(/env:\s+SDKD_LOG_FORMAT\)/)
    expect(help.stdout).toMatch(/--hard\b/)
    expect(help.stdout).not.toContain('SDKD_HARD')
  })

  test('error: one variable feeds every flag of its name; an error naming such a flag says the variable set it', async () => {
    // SDKD_FROM, set for the tx commands' key, is rehearse's --from (an app version) too.
    const fromEnv = await runSdkd(['rehearse', 'v2'], { env: { SDKD_FROM: 'alice' } })
    expect([fromEnv.code, fromEnv.stdout, fromEnv.stderr]).toEqual([
      1,
      '',
      'Error: --from: unknown app version "alice" (built in: v1, v2) (--from came from $SDKD_FROM)\n',
    ])
    // The same flag on the line: no note.
    const onLine = await runSdkd(['rehearse', 'v2', '--from', 'alice'])
    expect(onLine.stderr).toBe('Error: --from: unknown app version "alice" (built in: v1, v2)\n')
  })
})
