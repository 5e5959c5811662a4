import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Loader hooks (their own thread): every ES module loaded, appended to the log file. */
const HOOKS = `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  appendFileSync(process.env.SDKD_MODULE_LOG, url + '\\n')
  return next(url, context)
}
`

/** Preloaded in the sdkd process: registers the hooks; at exit, logs CommonJS modules and built-ins. */
const TRACER = `import { appendFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'
register('./hooks.mjs', import.meta.url)
const { _cache } = createRequire(import.meta.url)('node:module')
process.on('exit', () => {
  const cjs = Object.keys(_cache).map((f) => 'file://' + f)
  const builtins = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => 'node:' + m.slice('NativeModule '.length))
  appendFileSync(process.env.SDKD_MODULE_LOG, [...cjs, ...builtins].join('\\n') + '\\n')
})
`

/**
 * A module tracer in `dir`: the environment that preloads it into an sdkd process
 * (`NODE_OPTIONS=--import`, with `nodeOptions` before it) and logs to `<dir>/<name>.log` what the
 * process loads (the ES modules, the CommonJS ones and the Node built-ins), and `loaded()`, what the
 * log holds once the process has exited.
 */
export async function moduleTracer(dir: string) {
  await writeFile(join(dir, 'hooks.mjs'), HOOKS)
  await writeFile(join(dir, 'tracer.mjs'), TRACER)
  return {
    async env(name: string, nodeOptions = ''): Promise<Record<string, string>> {
      const log = join(dir, `${name}.log`)
      await writeFile(log, '')
      return {
        NODE_OPTIONS: `${nodeOptions} --import ${join(dir, 'tracer.mjs')}`.trim(),
        SDKD_MODULE_LOG: log,
      }
    },
    async loaded(name: string): Promise<string[]> {
      const text = await readFile(join(dir, `${name}.log`), 'utf8')
      return [...new Set(text.split('\n').filter(Boolean))]
    },
  }
}
