import { PassThrough, Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { NodeRunner, type RunnerNode } from './testnet-runner.js'

/** A node process running a small script (real processes, real signals). */
const node = (name: string, script: string): RunnerNode => ({
  name,
  command: process.execPath,
  args: ['-e', script],
})

/** Prints `ready`, then on a stop signal prints its name (and `tail`) and exits `code`. */
const stoppable = (code = 0, tail = '') => `
  for (const s of ['SIGTERM', 'SIGINT']) process.on(s, () => { process.stdout.write('got ' + s + '\\n${tail}'); process.exit(${code}) })
  console.log('ready'); setInterval(() => {}, 1000)`

function runner(nodes: RunnerNode[], killAfterMs = 10_000) {
  const out = { stdout: '', stderr: '' }
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  stdout.on('data', (b) => {
    out.stdout += b
  })
  stderr.on('data', (b) => {
    out.stderr += b
  })
  const r = new NodeRunner({ nodes, stdout, stderr, killAfterMs, drainMs: 500 })
  return { r, out }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 20))
  }
}

describe('testnet start: the node runner', () => {
  test('behavior: each line of each node is prefixed with its name (padded), stdout and stderr kept apart; a last line without newline is kept', async () => {
    const { r, out } = runner([
      node(
        'node0',
        `process.stdout.write('a\\nb\\n'); process.stderr.write('err0\\n'); ${stoppable()}`,
      ),
      node(
        'node10',
        `process.stdout.write('x'); setTimeout(() => { process.stdout.write('y\\n'); ${stoppable(0, 'last')} }, 100)`,
      ),
    ])
    await until(() => out.stdout.split('ready').length === 3, 'both nodes ready')
    r.stop('SIGTERM')
    expect(await r.result()).toEqual({ code: 0 })
    const lines = out.stdout.trimEnd().split('\n')
    expect(lines.filter((l) => l.startsWith('node0  | ')).sort()).toEqual(
      ['node0  | a', 'node0  | b', 'node0  | ready', 'node0  | got SIGTERM'].sort(),
    )
    // `last` had no newline when the process ended: it still comes out, as a line of its own.
    expect(lines.filter((l) => l.startsWith('node10 | '))).toEqual([
      'node10 | xy',
      'node10 | ready',
      'node10 | got SIGTERM',
      'node10 | last',
    ])
    expect(out.stderr).toContain('node0  | err0\n')
    expect(out.stderr).toContain('received SIGTERM: stopping node0, node10\n')
    expect(out.stderr).toContain('node0 exited with code 0\n')
    expect(out.stderr).toContain('node10 exited with code 0\n')
    expect(out.stdout).not.toContain('exited')
  })

  test('error: once the runner’s stdout cannot be written (EPIPE), every node is stopped as on SIGTERM and the runner ends with 1', async () => {
    let stderr = ''
    let writes = 0
    const stdout = new Writable({
      write(_chunk, _enc, done) {
        // The first line goes out; the reader is gone before the second.
        if (++writes === 1) return done()
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
      },
    })
    const errors = new PassThrough()
    errors.on('data', (b) => {
      stderr += b
    })
    const r = new NodeRunner({
      nodes: [
        node('node0', `process.stderr.write('up\\n'); ${stoppable()}`),
        node('node1', `process.stderr.write('up\\n'); ${stoppable()}`),
      ],
      stdout,
      stderr: errors,
      killAfterMs: 10_000,
      drainMs: 500,
    })
    expect(await r.result()).toEqual({ code: 1 })
    expect(stderr).toContain('the output is closed (EPIPE): stopping node0, node1\n')
    expect(stderr).toContain('node0 exited with code 0\n')
    expect(stderr).toContain('node1 exited with code 0\n')
    expect(stderr).not.toContain('received SIGTERM')
  })

  test('behavior: SIGINT is passed on as SIGINT to every node, and a repeat changes nothing', async () => {
    const { r, out } = runner([node('node0', stoppable()), node('node1', stoppable())])
    await until(() => out.stdout.split('ready').length === 3, 'both nodes ready')
    r.stop('SIGINT')
    r.stop('SIGTERM')
    expect(await r.result()).toEqual({ code: 0 })
    expect(out.stdout).toContain('node0 | got SIGINT\n')
    expect(out.stdout).toContain('node1 | got SIGINT\n')
    expect(out.stdout).not.toContain('got SIGTERM')
    expect(out.stderr.match(/received/g)).toHaveLength(1)
  })

  test('behavior: a stop that a node ends with a non-zero code makes the runner fail', async () => {
    const { r, out } = runner([node('node0', stoppable(0)), node('node1', stoppable(4))])
    await until(() => out.stdout.split('ready').length === 3, 'both nodes ready')
    r.stop('SIGTERM')
    expect(await r.result()).toEqual({ code: 1 })
    expect(out.stderr).toContain('node1 exited with code 4\n')
  })

  test('behavior: a node that exits on its own is reported, the others are stopped with SIGTERM, the runner fails', async () => {
    const { r, out } = runner([
      node('node0', stoppable()),
      node('node1', `console.log('bye'); setTimeout(() => process.exit(3), 1000)`),
      node('node2', stoppable()),
    ])
    expect(await r.result()).toEqual({ code: 1, failed: 'node1' })
    const err = out.stderr
    expect(err).toContain('node1 exited with code 3\nstopping node0, node2\n')
    expect(out.stdout).toContain('node1 | bye\n')
    expect(out.stdout).toContain('node0 | got SIGTERM\n')
    expect(out.stdout).toContain('node2 | got SIGTERM\n')
    expect(err.indexOf('node1 exited')).toBeLessThan(err.indexOf('node0 exited with code 0'))
  })

  test('behavior: a node killed by a signal is reported with 128 + the signal number', async () => {
    const { r, out } = runner([node('node0', stoppable()), node('node1', stoppable())])
    await until(() => out.stdout.split('ready').length === 3, 'both nodes ready')
    process.kill(r.pids().node1!, 'SIGKILL')
    expect(await r.result()).toEqual({ code: 1, failed: 'node1' })
    expect(out.stderr).toContain('node1 exited with code 137 (killed by SIGKILL)\nstopping node0\n')
  })

  test('behavior: a node that ignores the stop signal is killed after the grace period', async () => {
    const { r, out } = runner(
      [
        node(
          'node0',
          `process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000)`,
        ),
      ],
      300,
    )
    await until(() => out.stdout.includes('ready'), 'node ready')
    r.stop('SIGTERM')
    expect(await r.result()).toEqual({ code: 1 })
    expect(out.stdout).toContain('node0 | ignored\n')
    expect(out.stderr).toContain(
      'node0 did not stop within 300 ms: killing it\nnode0 exited with code 137 (killed by SIGKILL)\n',
    )
  })

  test('error: a command that cannot be started is reported and ends the others', async () => {
    const { r, out } = runner([
      node('node0', stoppable()),
      { name: 'node1', command: '/nonexistent/sdkd', args: [] },
    ])
    expect(await r.result()).toEqual({ code: 1, failed: 'node1' })
    expect(out.stderr).toContain(
      'node1 could not be started: spawn /nonexistent/sdkd ENOENT\nstopping node0\n',
    )
  })
})
