import { readFileSync } from 'node:fs'

/**
 * A page's executable walkthrough: the shell blocks marked with `<!-- readme-test: … -->` (README.md)
 * or `<!-- readme-test(<name>): … -->` (a named one, e.g. docs/upgrades.md's cosmovisor recipe), in
 * page order. The markers mirror what a reader does:
 *
 *   terminal    run the block in a terminal of its own and leave it running (a node)
 *   ctrl-c      press Ctrl-C in the running terminals (they must stop)
 *   exited N    wait for the running terminal to end with exit code N
 *   run         run the block in the second terminal; it must exit 0. A full-line comment right
 *               after a command is that command's expected output.
 *   watch       as run; its output must be numbers that rise
 */
export type ReadmeAction =
  | { kind: 'terminal'; script: string; line: number }
  | { kind: 'ctrl-c'; line: number }
  | { kind: 'exited'; code: number; line: number }
  | { kind: 'run' | 'watch'; script: string; line: number }

/**
 * The marked blocks and actions of a page, in order: those of the main walkthrough
 * (`<!-- readme-test: … -->`), or of a named one (`<!-- readme-test(cosmovisor): … -->`).
 */
export function readmeActions(path: string, walkthrough?: string): ReadmeAction[] {
  const lines = readFileSync(path, 'utf8').split('\n')
  const actions: ReadmeAction[] = []
  let pending: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const marker = /^<!-- readme-test(?:\((\w[\w-]*)\))?: (.+) -->$/.exec(lines[i]!)
    if (marker && marker[1] !== walkthrough) continue
    if (marker) {
      const [word, arg] = marker[2]!.split(' ')
      if (word === 'ctrl-c') actions.push({ kind: 'ctrl-c', line: i + 1 })
      else if (word === 'exited') actions.push({ kind: 'exited', code: Number(arg), line: i + 1 })
      else pending.push(word!)
      continue
    }
    if (lines[i] === '```sh' && pending.length > 0) {
      const body: string[] = []
      for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!)
      const kind = pending[0] as 'terminal' | 'run' | 'watch'
      actions.push({ kind, script: body.join('\n'), line: i + 1 - body.length })
      pending = []
    }
  }
  return actions
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/**
 * A block as a bash script: continuation lines joined, and each command followed by an expected
 * output comment checked against what it prints.
 */
export function checkedScript(block: string): string {
  const joined = block.replace(/\\\n\s*/g, '')
  const out: string[] = []
  const lines = joined.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const next = lines[i + 1]
    const expected = next !== undefined ? /^# (.*)$/.exec(next) : null
    if (expected && line.trim() !== '' && !line.trimStart().startsWith('#')) {
      out.push(
        `__out=$(${line})`,
        `if [ "$__out" != ${quote(expected[1]!)} ]; then printf 'as written: %s\\n  expected: %s\\n  printed:  %s\\n' ${quote(line)} ${quote(expected[1]!)} "$__out" >&2; exit 1; fi`,
        'printf "%s\\n" "$__out"',
      )
      i++
      continue
    }
    out.push(line)
  }
  return out.join('\n')
}
